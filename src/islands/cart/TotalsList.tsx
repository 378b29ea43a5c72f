import { eurosToCents, formatEuros } from "../../domain/money";
import type { ShippingSettings } from "../../domain/orders/checkout";
import type { Totals } from "../../domain/orders/pricing";

interface Props {
  totals: Totals;
  itemCount: number;
  promoCode: string | null;
  shipping: ShippingSettings;
}

/** Subtotal, shipping ('Gratuit' from the threshold), discount with its code and total (cart and checkout). */
export function TotalsList({ totals, itemCount, promoCode, shipping }: Props) {
  const remaining = Math.max(0, eurosToCents(shipping.free_shipping_threshold) - totals.subtotal);
  return (
    <>
      <dl className="space-y-2 text-ink">
        <div className="flex justify-between gap-4">
          <dt>
            Sous-total{" "}
            <span className="text-ink-soft">
              ({itemCount} article{itemCount > 1 ? "s" : ""})
            </span>
          </dt>
          <dd className="font-medium tabular-nums">{formatEuros(totals.subtotal)}</dd>
        </div>
        <div className="flex justify-between gap-4">
          <dt>Livraison</dt>
          <dd className={`font-medium tabular-nums ${totals.shipping === 0 ? "text-olive-700" : ""}`}>
            {totals.shipping === 0 ? "Gratuit" : formatEuros(totals.shipping)}
          </dd>
        </div>
        {promoCode && totals.discount > 0 && (
          <div className="flex justify-between gap-4 text-olive-700">
            <dt>
              Réduction <span className="font-semibold">({promoCode})</span>
            </dt>
            <dd className="font-medium tabular-nums">−{formatEuros(totals.discount)}</dd>
          </div>
        )}
        <div className="flex justify-between gap-4 border-t border-cream-300 pt-3 text-lg font-semibold">
          <dt>Total</dt>
          <dd className="font-serif text-xl text-crust-800 tabular-nums">{formatEuros(totals.total)}</dd>
        </div>
      </dl>
      <p className="mt-3 rounded-lg bg-olive-50 px-3 py-2 text-sm text-olive-800">
        {totals.shipping === 0
          ? "Vous bénéficiez de la livraison gratuite !"
          : `Plus que ${formatEuros(remaining)} d'achats pour profiter de la livraison gratuite (dès ${formatEuros(eurosToCents(shipping.free_shipping_threshold))}).`}
      </p>
    </>
  );
}
