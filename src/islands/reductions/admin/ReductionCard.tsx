import { formatAmount } from "../../../domain/admin/admin-format";
import { REDUCTION_STATUS_LABELS, rangeLabel } from "../../../domain/reductions/reduction-form";
import { REDUCTION_KIND_LABELS, REFERENCE_MENTION } from "../../../domain/reductions/words";
import { DataTable } from "../../ui/admin/DataTable";
import { Badge, dangerButton, smallButton, type Tone } from "../../ui/admin/ui";
import type { AdminReduction } from "./reductions-api";

const STATUS_TONES: Record<AdminReduction["status"], Tone> = {
  scheduled: "info",
  running: "success",
  ended: "neutral",
};

export interface ReductionActions {
  busy: boolean;
  onWithdraw: (reduction: AdminReduction) => void;
  onHistory: (product: { id: number; name: string }) => void;
}

/**
 * One reduction as the owner follows it: its kind, its Paris dates, and per product the regular price, the new one,
 * the reference struck through and the percentage off; « Annuler » before its start, « Arrêter maintenant » while it
 * runs.
 */
export function ReductionCard({
  reduction,
  actions,
}: {
  reduction: AdminReduction;
  actions: ReductionActions;
}) {
  const headingId = `reduction-${reduction.id}`;
  const kind = REDUCTION_KIND_LABELS[reduction.kind];
  return (
    <li data-reduction={reduction.id} className="rounded-2xl border border-cream-300 bg-white p-5 shadow-sm">
      <article aria-labelledby={headingId}>
        <div className="flex flex-wrap items-start justify-between gap-3">
          <h3
            id={headingId}
            tabIndex={-1}
            data-reduction-heading
            className="font-serif text-xl font-semibold text-olive-900 focus:outline-none focus-visible:outline-2"
          >
            {kind} {rangeLabel(reduction.starts_at, reduction.ends_at)}
          </h3>
          <Badge tone={STATUS_TONES[reduction.status]}>{REDUCTION_STATUS_LABELS[reduction.status]}</Badge>
        </div>
        <DataTable
          look="panel"
          minWidth="min-w-[44rem]"
          caption={`Produits de la réduction ${kind}`}
          columns={[
            "Produit",
            "Prix habituel",
            "Nouveau prix",
            "Prix de référence",
            "Réduction",
            <span key="actions" className="sr-only">
              Actions
            </span>,
          ]}
        >
          {reduction.products.map((product) => (
            <tr key={product.id} data-reduction-product={product.id}>
              <th scope="row" className="px-3 py-2 font-semibold text-ink">
                {product.name}
              </th>
              <td className="px-3 py-2 text-ink">{formatAmount(product.price)}</td>
              <td className="px-3 py-2 font-semibold text-ink">{formatAmount(product.reduced_price)}</td>
              <td className="px-3 py-2 text-ink">
                <s>{formatAmount(product.reference)}</s>
              </td>
              <td className="px-3 py-2 font-semibold text-ink">{`-${product.percent}\u00a0%`}</td>
              <td className="px-3 py-2">
                <button
                  type="button"
                  className={smallButton}
                  aria-label={`Historique des prix de « ${product.name} »`}
                  onClick={() => actions.onHistory(product)}
                >
                  Historique des prix
                </button>
              </td>
            </tr>
          ))}
        </DataTable>
        <p className="mt-2 text-xs text-ink-soft">{REFERENCE_MENTION}.</p>
        {reduction.status !== "ended" && (
          <div className="mt-4 flex flex-wrap gap-2">
            <button
              type="button"
              className={dangerButton}
              disabled={actions.busy}
              aria-describedby={headingId}
              onClick={() => actions.onWithdraw(reduction)}
            >
              {reduction.status === "scheduled" ? "Annuler" : "Arrêter maintenant"}
            </button>
          </div>
        )}
      </article>
    </li>
  );
}
