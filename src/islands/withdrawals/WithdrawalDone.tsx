import { parisDateTime } from "../../domain/paris-time";
import { Notice } from "../ui/fields";
import type { Step } from "./steps";

/** The acknowledgement: when it was received (Paris time), the order, the reference, the lines, what happens next. */
export function WithdrawalDone({ step }: { step: Extract<Step, { name: "done" }> }) {
  return (
    <div className="space-y-4" aria-live="polite">
      <Notice kind="success">Votre rétractation est enregistrée.</Notice>
      <p className="text-ink">
        Nous l'avons reçue le <strong>{parisDateTime(new Date(step.withdrawal.requested_at))}</strong> (heure
        de Paris), pour la commande n° <strong>{step.withdrawal.order_number}</strong>. Référence :{" "}
        <span className="font-mono">{step.withdrawal.id}</span>.
      </p>
      <ul className="list-disc space-y-1 pl-6 text-ink">
        {step.withdrawal.lines.map((line) => (
          <li key={line.index}>
            {line.quantity} × {line.product_name}
          </li>
        ))}
      </ul>
      <p className="text-ink-soft">
        {step.withdrawal.effect === "cancelled"
          ? "Votre commande est annulée. Si vous l'avez payée, nous vous remboursons par le même moyen de paiement sous 14 jours au plus tard."
          : "Renvoyez-nous les produits concernés sous 14 jours. Nous vous remboursons par le même moyen de paiement sous 14 jours au plus tard."}
      </p>
      <p className="text-ink-soft">
        Un accusé de réception {step.email ? `a été envoyé à ${step.email}` : "vous a été envoyé par e-mail"}.
      </p>
    </div>
  );
}
