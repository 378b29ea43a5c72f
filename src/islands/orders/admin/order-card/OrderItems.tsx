import { lazy, type ReactNode, Suspense } from "react";
import { formatAmount } from "../../../../domain/admin/admin-format";
import { lotsLabel } from "../../../../domain/batches/batches";
import { freeShippingReached } from "../../../../domain/orders/admin-orders";
import type { Order } from "../../../../domain/orders/order";
import { Badge } from "../../../ui/admin/ui";

/** The words of a line charged under a reduction, as the customer reads them: fetched for such an order only. */
const LineReductionNote = lazy(() => import("../../LineReductionNote"));

/** « Articles »: each line's product, quantity and unit price, and the lots it was taken from. */
export function OrderItems({ items }: { items: Order["items"] }) {
  return (
    <section>
      <h4 className="text-sm font-semibold tracking-wide text-ink-soft uppercase">Articles</h4>
      <ul className="mt-2 divide-y divide-cream-200">
        {items.map((item) => (
          <li key={item.id} className="flex flex-wrap justify-between gap-x-4 gap-y-1 py-2">
            <span className="font-medium text-ink">{item.product_name}</span>
            <span className="text-sm text-ink tabular-nums">
              {item.quantity} × {formatAmount(item.unit_price)}
            </span>
            {item.reduction && (
              <span className="w-full">
                <Suspense fallback={null}>
                  <LineReductionNote item={item} />
                </Suspense>
              </span>
            )}
            {item.lots.length > 0 && (
              <span className="w-full text-xs text-ink-soft">{lotsLabel(item.lots, item.quantity)}</span>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The order's amounts: subtotal, shipping (and its free threshold), promo code, total. */
export function OrderTotals({ order }: { order: Order }) {
  return (
    <dl className="space-y-2 rounded-xl bg-cream-100 p-4 text-sm">
      <Row label="Sous-total">{formatAmount(order.subtotal_amount)}</Row>
      <Row label="Livraison">
        {order.shipping_amount === 0 ? (
          "Gratuit"
        ) : (
          <>
            {formatAmount(order.shipping_amount)}
            <span className="block text-xs text-ink-soft">
              Gratuite dès {formatAmount(order.free_shipping_threshold)}
            </span>
          </>
        )}
        {freeShippingReached(order) && (
          <span className="mt-1 block">
            <Badge tone="success">Gratuit atteint!</Badge>
          </span>
        )}
      </Row>
      {order.promo_code && (
        <Row label={`Code promo (${order.promo_code.code})`}>
          −{formatAmount(order.promo_code.discount_amount)}
        </Row>
      )}
      <div className="flex justify-between gap-4 border-t border-cream-300 pt-2 text-base font-semibold text-olive-900">
        <dt>Total</dt>
        <dd className="tabular-nums">{formatAmount(order.total_amount)}</dd>
      </div>
    </dl>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex justify-between gap-4">
      <dt className="text-ink-soft">{label}</dt>
      <dd className="text-right text-ink tabular-nums">{children}</dd>
    </div>
  );
}
