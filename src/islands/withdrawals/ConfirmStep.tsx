import { Notice } from "../ui/fields";
import type { Step } from "./steps";

/** « Vérifiez votre rétractation »: what is withdrawn, « Confirmer la rétractation » or « Modifier ». */
export function ConfirmStep({
  step,
  busy,
  error,
  onConfirm,
  onEdit,
}: {
  step: Extract<Step, { name: "confirm" }>;
  busy: boolean;
  error: string | null;
  onConfirm: () => void;
  onEdit: () => void;
}) {
  return (
    <div className="space-y-5">
      <h2 className="font-serif text-2xl font-semibold text-olive-900">Vérifiez votre rétractation</h2>
      <p className="text-ink">
        Vous vous rétractez {step.whole ? "de toute la commande" : "des produits suivants de la commande"} n°{" "}
        <strong>{step.view.order_number}</strong> :
      </p>
      <ul className="list-disc space-y-1 pl-6 text-ink">
        {step.lines.map((line) => (
          <li key={line.index}>
            {line.quantity} × {step.view.lines[line.index]?.product_name}
          </li>
        ))}
      </ul>
      {step.view.window.phase === "before_shipping" && (
        <p className="text-ink-soft">
          Votre commande n'est pas encore expédiée : elle sera annulée, et remboursée si vous l'avez payée.
        </p>
      )}
      {error && <Notice kind="error">{error}</Notice>}
      <div className="flex flex-wrap gap-3">
        <button
          type="button"
          className="btn btn-primary px-5"
          disabled={busy}
          aria-busy={busy}
          onClick={onConfirm}
        >
          {busy ? "Enregistrement..." : "Confirmer la rétractation"}
        </button>
        <button type="button" className="btn btn-secondary px-5" disabled={busy} onClick={onEdit}>
          Modifier
        </button>
      </div>
    </div>
  );
}
