import { useId, useState } from "react";
import { formatAmount, formatDateTime } from "../../../../domain/admin/admin-format";
import type { Order } from "../../../../domain/orders/order";
import { creditNoteUrl } from "../../../../lib/api/api-links";
import { errorMessage } from "../../../../lib/api-client";
import { markRefundDone } from "../../../ui/admin/admin-api";
import { useAccessGuard } from "../../../ui/admin/hooks";
import { Badge, smallButton } from "../../../ui/admin/ui";
import { Notice } from "../../../ui/fields";

/** An order's returns in its admin card: what came back, what was refunded, how, and each credit note. */
export function RefundsList({ order, onSaved }: { order: Order; onSaved: (order: Order) => void }) {
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const guard = useAccessGuard();
  const titleId = useId();
  if (!order.refunds.length) return null;

  async function done(refundId: string) {
    setBusy(refundId);
    setError(null);
    try {
      onSaved(await markRefundDone(order.id, refundId));
    } catch (failure) {
      if (!guard(failure)) setError(errorMessage(failure, "Une erreur est survenue"));
    } finally {
      setBusy(null);
    }
  }

  return (
    <section aria-labelledby={titleId} className="mt-5 rounded-xl border border-cream-300 p-4">
      <h4 id={titleId} className="font-semibold text-ink">
        Retours et remboursements
      </h4>
      {error && <Notice kind="error">{error}</Notice>}
      <ul className="mt-2 divide-y divide-cream-200 text-sm">
        {order.refunds.map((refund) => (
          <li key={refund.id} className="flex flex-wrap items-start justify-between gap-3 py-3">
            <div>
              <p className="font-medium text-ink">
                {formatDateTime(refund.at)} — {formatAmount(refund.amount)}
              </p>
              <ul className="text-ink-soft">
                {refund.lines.map((line) => (
                  <li key={line.index}>
                    {line.quantity} × {line.product_name} (
                    {line.restock ? "remis en stock" : "non remis en stock"})
                  </li>
                ))}
                {refund.shipping_amount > 0 && <li>Livraison : {formatAmount(refund.shipping_amount)}</li>}
              </ul>
              <a
                className="font-semibold text-olive-800 underline"
                href={creditNoteUrl(order.id, refund.credit_note_number, "admin")}
                download
              >
                Avoir {refund.credit_note_number}
              </a>
            </div>
            <div className="flex flex-col items-end gap-2">
              {refund.status === "done" ? (
                <Badge tone="success">
                  {refund.method === "paypal"
                    ? "Remboursé via PayPal"
                    : `Virement effectué${refund.done_at ? ` le ${formatDateTime(refund.done_at).slice(0, 10)}` : ""}`}
                </Badge>
              ) : (
                <>
                  <Badge tone="waiting">Virement à effectuer</Badge>
                  <button
                    type="button"
                    className={smallButton}
                    disabled={busy === refund.id}
                    onClick={() => done(refund.id)}
                  >
                    {busy === refund.id ? "Enregistrement..." : "Marquer le virement effectué"}
                  </button>
                </>
              )}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
