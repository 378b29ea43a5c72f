import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import {
  GUEST_ACCOUNT_CREATED,
  GUEST_ACCOUNT_PASSWORD_HINT,
  GUEST_ACCOUNT_TAKEN_NEXT,
  guestAccountPasswordError,
} from "../../domain/accounts/guest-account";
import { ApiError, errorMessage } from "../../lib/api-client";
import { createGuestAccount } from "../../lib/guest-account-client";
import { openAuthModal } from "../../stores/auth-modal";
import { refreshSession } from "../../stores/session";
import { Notice, PasswordField } from "../ui/fields";

type Outcome =
  | { kind: "created" }
  | { kind: "taken"; message: string }
  | { kind: "error"; message: string; field?: string }
  | null;

export interface GuestAccountOfferProps {
  orderId: string;
  /** The order's link token (the `access_token` of the answer, or `#acces=` of the link). */
  token: string;
  /** The order's e-mail: the account's. */
  email: string;
  /**
   * Told once the account is created, before the session opens: a page that hides the offer from a signed-in
   * visitor keeps it on screen, with its confirmation.
   */
  onCreated?: () => void;
}

/**
 * « Créer mon compte » after an order placed without an account: one password field, the e-mail and the
 * name are the order's. Once created, the session is open (the header shows it) and a mail is on its way to attach
 * the guest orders of that e-mail; when the e-mail already has an account, the same mail tells her to sign in first.
 * Self-contained: the success screen and the tracking page place it.
 */
export default function GuestAccountOffer({ orderId, token, email, onCreated }: GuestAccountOfferProps) {
  const headingId = useId();
  const [password, setPassword] = useState("");
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const fieldBox = useRef<HTMLDivElement>(null);
  const result = useRef<HTMLDivElement>(null);

  // A refusal of the password puts the focus back on it; an outcome that replaces the form takes the focus.
  useEffect(() => {
    if (!outcome) return;
    if (outcome.kind === "error" && outcome.field) fieldBox.current?.querySelector("input")?.focus();
    else if (outcome.kind !== "error") result.current?.focus();
  }, [outcome]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const invalid = guestAccountPasswordError(password);
    if (invalid) {
      setOutcome({ kind: "error", message: invalid, field: invalid });
      return;
    }
    setBusy(true);
    setOutcome(null);
    try {
      await createGuestAccount({ orderId, orderToken: token, password });
      setPassword("");
      setOutcome({ kind: "created" });
      onCreated?.();
      // The header and the other islands show the signed-in customer.
      void refreshSession();
    } catch (error) {
      if (error instanceof ApiError && error.code === "EMAIL_TAKEN") {
        setPassword("");
        setOutcome({ kind: "taken", message: error.message });
      } else {
        const field = error instanceof ApiError ? error.fields.password : undefined;
        setOutcome({
          kind: "error",
          message: errorMessage(error, "Le compte n'a pas pu être créé. Réessayez dans un instant."),
          field,
        });
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <section
      aria-labelledby={headingId}
      className="rounded-2xl border border-cream-300 bg-white p-6 shadow-sm sm:p-8"
    >
      <h2 id={headingId} className="font-serif text-2xl font-semibold text-olive-900">
        Créer mon compte
      </h2>
      {outcome?.kind === "created" ? (
        <div ref={result} tabIndex={-1} className="mt-4 space-y-4 focus:outline-none">
          <Notice kind="success">{GUEST_ACCOUNT_CREATED}</Notice>
          <p className="text-sm text-ink-soft">
            Ouvrez le lien reçu à l'adresse <strong className="text-ink">{email}</strong> : vos commandes
            passées sans compte apparaîtront dans{" "}
            <a href="/orders" className="font-semibold text-olive-700 underline underline-offset-4">
              Mes commandes
            </a>
            .
          </p>
        </div>
      ) : outcome?.kind === "taken" ? (
        <div ref={result} tabIndex={-1} className="mt-4 space-y-4 focus:outline-none">
          <Notice kind="error">{outcome.message}</Notice>
          <p className="text-sm text-ink-soft">{GUEST_ACCOUNT_TAKEN_NEXT}</p>
          <button type="button" className="btn btn-primary" onClick={() => openAuthModal("signin")}>
            Se connecter
          </button>
        </div>
      ) : (
        <>
          <p className="mt-2 text-ink-soft">
            Suivez vos commandes et commandez plus vite : il suffit d'un mot de passe. Votre compte utilisera
            l'adresse <strong className="text-ink">{email}</strong>.
          </p>
          <form onSubmit={onSubmit} noValidate className="mt-5 space-y-4">
            {/* For password managers: the account's username is the order's e-mail. */}
            <input type="email" name="email" autoComplete="username" value={email} readOnly hidden />
            <div ref={fieldBox}>
              <PasswordField
                label="Mot de passe"
                name="password"
                autoComplete="new-password"
                required
                value={password}
                onValue={setPassword}
                hint={GUEST_ACCOUNT_PASSWORD_HINT}
                error={outcome?.kind === "error" ? outcome.field : undefined}
              />
            </div>
            {outcome?.kind === "error" && !outcome.field && <Notice kind="error">{outcome.message}</Notice>}
            <button type="submit" className="btn btn-primary w-full" disabled={busy} aria-busy={busy}>
              {busy ? "Création du compte..." : "Créer mon compte"}
            </button>
          </form>
        </>
      )}
    </section>
  );
}
