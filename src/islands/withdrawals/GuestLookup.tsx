import { type FormEvent, useState } from "react";
import type { WithdrawalView } from "../../domain/withdrawals/withdrawal-schemas";
import { api, unwrap } from "../../lib/api/client";
import { errorMessage, fieldErrors } from "../../lib/api-client";
import { Notice, TextField } from "../ui/fields";
import type { Who } from "./steps";

/** The first step for anyone: the order's number and e-mail, looked up (POST /api/withdrawals/lookup). */
export function GuestLookup({
  initialNumber,
  initialEmail = "",
  onFound,
}: {
  initialNumber: string;
  initialEmail?: string;
  onFound: (who: Who, view: WithdrawalView) => void;
}) {
  const [orderNumber, setOrderNumber] = useState(initialNumber);
  const [email, setEmail] = useState(initialEmail);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fields, setFields] = useState<Readonly<Record<string, string>>>({});

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setError(null);
    setFields({});
    try {
      const view = await unwrap(
        api.POST("/api/withdrawals/lookup", { body: { order_number: orderNumber, email } }),
      );
      onFound({ kind: "guest", order_number: view.order_number, email }, view);
    } catch (failure) {
      setFields(fieldErrors(failure));
      setError(errorMessage(failure, "La commande n'a pas pu être recherchée. Réessayez."));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <p className="text-ink-soft">
        Indiquez le numéro de votre commande (8 caractères, dans l'e-mail de confirmation) et l'adresse e-mail
        avec laquelle vous l'avez passée. Aucun compte n'est nécessaire.
      </p>
      <TextField
        label="Numéro de commande"
        name="order_number"
        autoComplete="off"
        required
        maxLength={8}
        value={orderNumber}
        onValue={setOrderNumber}
        error={fields.order_number}
      />
      <TextField
        label="Adresse e-mail de la commande"
        name="email"
        type="email"
        autoComplete="email"
        required
        value={email}
        onValue={setEmail}
        error={fields.email}
      />
      {error && <Notice kind="error">{error}</Notice>}
      <button type="submit" className="btn btn-primary w-full" disabled={busy} aria-busy={busy}>
        {busy ? "Recherche..." : "Retrouver ma commande"}
      </button>
    </form>
  );
}
