import { useEffect } from "react";
import { formatDateTime } from "../../../domain/admin/admin-format";
import { REFUND_STATE_LABELS, type RefundState } from "../../../domain/withdrawals/withdrawal";
import type { AdminWithdrawal } from "../../../domain/withdrawals/withdrawal-schemas";
import { fetchWithdrawals } from "../../ui/admin/admin-api";
import { useLoad } from "../../ui/admin/hooks";
import { Badge, LoadError, Loading, type Tone } from "../../ui/admin/ui";

const TONES: Record<RefundState, Tone> = {
  awaiting: "warning",
  refund_due: "waiting",
  refunded: "success",
  nothing_to_refund: "neutral",
};

/**
 * The customers' withdrawals on the dashboard (Code de la consommation L221-21): each request with what it
 * covers, the refund deadline (14 days after the request, L221-24) and where the refund stands; late ones stand out.
 * The goods come back and are refunded with « Retour et remboursement » on the order (Commandes tab).
 */
export function WithdrawalsPanel({ changes = 0 }: { changes?: number } = {}) {
  const { state, reload, refresh } = useLoad(fetchWithdrawals);
  // An action elsewhere on the tab (a transfer received) may change where a refund stands: read again, quietly.
  useEffect(() => {
    if (changes > 0) void refresh();
  }, [changes, refresh]);
  return (
    <section aria-labelledby="withdrawals-title" className="mt-8">
      <h3 id="withdrawals-title" className="font-serif text-xl font-semibold text-olive-900">
        Rétractations
      </h3>
      <p className="mt-1 text-sm text-ink-soft">
        Recevez les produits puis enregistrez-les avec « Retour et remboursement » dans l'onglet Commandes :
        le remboursement est dû, par le même moyen de paiement, au plus tard 14 jours après la rétractation.
      </p>
      {state.status === "loading" && <Loading>Chargement des rétractations...</Loading>}
      {state.status === "error" && <LoadError message={state.message} onRetry={reload} />}
      {state.status === "ready" &&
        (state.data.withdrawals.length === 0 ? (
          <p className="mt-3 text-ink-soft">Aucune rétractation pour le moment.</p>
        ) : (
          <ul className="mt-3 space-y-3">
            {state.data.withdrawals.map((item) => (
              <WithdrawalRow key={item.id} item={item} />
            ))}
          </ul>
        ))}
    </section>
  );
}

function WithdrawalRow({ item }: { item: AdminWithdrawal }) {
  const late = item.overdue;
  return (
    <li
      data-withdrawal={item.id}
      className={`rounded-2xl border bg-white p-4 shadow-sm ${late ? "border-red-600 ring-2 ring-red-600/30" : "border-cream-300"}`}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-semibold text-ink">
          Commande n° {item.order_number} · {item.customer_name || item.customer_email}
          <span className="block text-sm font-normal text-ink-soft">
            Reçue le {formatDateTime(item.requested_at)} ·{" "}
            {item.effect === "cancelled" ? "commande annulée avant expédition" : "produits à recevoir"} ·{" "}
            {item.channel === "guest" ? "sans compte" : "depuis le compte"}
          </span>
        </p>
        <div className="flex flex-wrap gap-2">
          <Badge tone={TONES[item.refund_state]}>{REFUND_STATE_LABELS[item.refund_state]}</Badge>
          {late && <Badge tone="danger">En retard</Badge>}
        </div>
      </div>
      <ul className="mt-2 list-disc pl-6 text-sm text-ink">
        {item.lines.map((line) => (
          <li key={line.index}>
            {line.quantity} × {line.product_name}
          </li>
        ))}
      </ul>
      {/* A deadline only while a refund is owed: none for an unpaid order, none once refunded. */}
      {item.refund_deadline && item.refund_state !== "refunded" && (
        <p className={`mt-2 text-sm ${late ? "font-semibold text-red-800" : "text-ink-soft"}`}>
          Remboursement à faire au plus tard le {formatDateTime(item.refund_deadline)}
          {late ? " : le délai légal est dépassé." : "."}
        </p>
      )}
    </li>
  );
}
