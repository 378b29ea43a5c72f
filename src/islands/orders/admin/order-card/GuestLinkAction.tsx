import { useState } from "react";
import type { Order } from "../../../../domain/orders/order";
import { orderNumber } from "../../../../domain/orders/order-status";
import { errorMessage } from "../../../../lib/api-client";
import { sendGuestLink } from "../../../ui/admin/admin-api";
import { ConfirmDialog } from "../../../ui/admin/dialogs";
import { useAccessGuard } from "../../../ui/admin/hooks";
import { smallButton } from "../../../ui/admin/ui";

/**
 * « Envoyer un nouveau lien de suivi » on a guest order: after a confirmation saying what it does, every
 * link already sent stops working and a new one goes to the order's e-mail (POST /api/admin/orders/{id}/guest-link).
 * A refusal keeps the dialog open with the server's French message, so the owner can try again.
 */
export function GuestLinkAction({ order }: { order: Order }) {
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState("");
  const guard = useAccessGuard();
  const number = orderNumber(order.id);

  async function send() {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      const { email } = await sendGuestLink(order.id);
      setConfirming(false);
      setSent(`Nouveau lien envoyé à ${email}.`);
    } catch (failure) {
      if (guard(failure)) {
        setConfirming(false);
        return;
      }
      setError(errorMessage(failure, "Le nouveau lien n'a pas pu être envoyé. Réessayez."));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="mt-4 flex flex-col items-start gap-2">
      <button
        type="button"
        className={smallButton}
        onClick={() => {
          setSent("");
          setError(null);
          setConfirming(true);
        }}
      >
        Envoyer un nouveau lien de suivi<span className="sr-only"> de la commande #{number}</span>
      </button>
      <p
        role="status"
        className={
          sent
            ? "rounded-lg border border-olive-300 bg-olive-50 px-3 py-2 text-sm font-medium text-olive-800"
            : "sr-only"
        }
      >
        {sent}
      </p>
      {confirming && (
        <ConfirmDialog
          title={`Envoyer un nouveau lien de suivi pour la commande #${number} ?`}
          message={
            <p>
              Les liens déjà envoyés ne fonctionneront plus. Un nouveau lien est envoyé à{" "}
              <strong className="break-all">{order.user.email}</strong>.
            </p>
          }
          confirmLabel="Envoyer le nouveau lien"
          busy={busy}
          error={error}
          onConfirm={() => void send()}
          onCancel={() => setConfirming(false)}
        />
      )}
    </div>
  );
}
