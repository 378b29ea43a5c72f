import { eurosToCents, formatEuros } from "../../../domain/money";
import type { Order } from "../../../lib/shop-client";
import { LineReductionSlot } from "../LineReductionSlot";

/** « Articles »: the lines, the delivery, the discount, the total and the customer's notes. */
export function OrderArticles({ order }: { order: Order }) {
  return (
    <section
      aria-labelledby="items-title"
      className="rounded-2xl border border-cream-300 bg-white p-5 shadow-sm"
    >
      <h2 id="items-title" className="font-serif text-lg font-semibold text-olive-900">
        Articles
      </h2>
      <ul className="mt-2 space-y-1 text-ink">
        {order.items.map((item) => (
          <li key={item.id} className="flex justify-between gap-3">
            <span>
              {item.quantity} × {item.product_name}
              <LineReductionSlot item={item} />
            </span>
            <span className="tabular-nums">{formatEuros(eurosToCents(item.total_price))}</span>
          </li>
        ))}
      </ul>
      <p className="mt-2 flex justify-between gap-3 text-ink-soft">
        <span>Livraison</span>
        <span className="tabular-nums">
          {order.shipping_amount === 0 ? "Gratuit" : formatEuros(eurosToCents(order.shipping_amount))}
        </span>
      </p>
      {order.promo_code && (
        <p className="flex justify-between gap-3 text-olive-700">
          <span>Réduction ({order.promo_code.code})</span>
          <span className="tabular-nums">−{formatEuros(eurosToCents(order.promo_code.discount_amount))}</span>
        </p>
      )}
      <p className="mt-2 flex justify-between border-t border-cream-200 pt-2 font-semibold">
        <span>Total</span>
        <span className="tabular-nums">{formatEuros(eurosToCents(order.total_amount))}</span>
      </p>
      {order.order_notes && (
        <p className="mt-3 text-sm text-ink-soft">
          <span className="font-semibold">Vos notes :</span> {order.order_notes}
        </p>
      )}
    </section>
  );
}
