import type { ShippingSettings } from "../../domain/checkout/totals";
import type { Totals } from "../../domain/orders/pricing";
import { totalsTexts } from "../../lib/cart-view";

interface Props {
  totals: Totals;
  itemCount: number;
  promoCode: string | null;
  shipping: ShippingSettings;
}

/**
 * Subtotal, shipping ('Gratuit' from the threshold), discount with its code and total, for the checkout island; the
 * framework-free cart page prints the same texts (lib/cart-view.ts totalsTexts) with the same markup.
 */
export function TotalsList({ totals, itemCount, promoCode, shipping }: Props) {
  const texts = totalsTexts(totals, itemCount, promoCode, shipping);
  return (
    <>
      <dl className="space-y-2 text-ink">
        <div className="flex justify-between gap-4">
          <dt>
            Sous-total <span className="text-ink-soft">{texts.itemsLabel}</span>
          </dt>
          <dd className="font-medium tabular-nums">{texts.subtotal}</dd>
        </div>
        <div className="flex justify-between gap-4">
          <dt>Livraison</dt>
          <dd className={`font-medium tabular-nums ${texts.shippingFree ? "text-olive-700" : ""}`}>
            {texts.shipping}
          </dd>
        </div>
        {texts.discount && (
          <div className="flex justify-between gap-4 text-olive-700">
            <dt>
              Réduction <span className="font-semibold">({texts.discount.code})</span>
            </dt>
            <dd className="font-medium tabular-nums">{texts.discount.amount}</dd>
          </div>
        )}
        <div className="flex justify-between gap-4 border-t border-cream-300 pt-3 text-lg font-semibold">
          <dt>Total</dt>
          <dd className="font-serif text-xl text-crust-800 tabular-nums">{texts.total}</dd>
        </div>
      </dl>
      <p className="mt-3 rounded-lg bg-olive-50 px-3 py-2 text-sm text-olive-800">{texts.freeShippingNote}</p>
    </>
  );
}
