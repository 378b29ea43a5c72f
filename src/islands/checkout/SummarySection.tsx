import { type ReactNode, useEffect, useId, useRef } from "react";
import { type Cart, itemCount } from "../../domain/cart/cart";
import { type ShippingSettings, unitPriceCents } from "../../domain/checkout/totals";
import { formatEuros } from "../../domain/money";
import type { Totals } from "../../domain/orders/pricing";
import { announcePrice } from "../../domain/reductions/announce";
import { TotalsList } from "../cart/TotalsList";
import { PriceAnnouncement } from "../catalog/PriceAnnouncement";
import { Notice } from "../ui/fields";
import { ProductThumb } from "../ui/ProductThumb";

interface Props {
  cart: Cart;
  totals: Totals;
  promoCode: string | null;
  shipping: ShippingSettings;
  terms: boolean;
  onTerms: (accepted: boolean) => void;
  priceNotice: string | null;
  paypalNotice: string | null;
  error: string | null;
  /** Bumped each time an error is shown: the banner scrolls into view again. */
  errorsShown: number;
  supportEmail: string;
  /** The order's button, PayPal's buttons, or why the shop takes no order yet. */
  children: ReactNode;
  /**
   * The first paint, before the cart is read: the lines' room is kept from the count the page's head script read in
   * the stored cart (src/scripts/inline/checkout-first-step.ts), the totals' room from the empty cart's, unseen.
   */
  pending?: boolean;
}

/** The order summary beside the form: lines, totals, the terms checkbox, what happened, then the way to pay. */
export function SummarySection(props: Props) {
  const { cart, totals, terms, priceNotice, paypalNotice, supportEmail, pending = false } = props;
  const termsId = useId();
  return (
    <aside aria-labelledby="checkout-summary-title" className="lg:col-span-2">
      <div className="space-y-5 rounded-2xl border border-cream-300 bg-white p-5 shadow-sm sm:p-6 lg:sticky lg:top-24">
        <h2 id="checkout-summary-title" className="font-serif text-xl font-semibold text-olive-900">
          Récapitulatif de la commande
        </h2>
        <ul className={`divide-y divide-cream-200 ${pending ? "checkout-pending-lines" : ""}`}>
          {cart.map((item) => {
            const unit = unitPriceCents(item.price);
            return (
              <li key={item.id} className="flex items-center gap-3 py-3">
                <ProductThumb src={item.image} size={56} className="size-14" />
                <div className="min-w-0 flex-1">
                  <p className="font-semibold leading-snug text-ink">{item.name}</p>
                  <p className="text-sm text-ink-soft tabular-nums">
                    {item.quantity} × {formatEuros(unit)}
                  </p>
                  <PriceAnnouncement
                    reduction={
                      announcePrice({ price: Number(item.price), reduction: item.reduction }).reduction
                    }
                  />
                </div>
                <p className="font-medium tabular-nums">{formatEuros(unit * item.quantity)}</p>
              </li>
            );
          })}
        </ul>
        <div className={`space-y-5 ${pending ? "checkout-pending-totals invisible" : ""}`}>
          <TotalsList
            totals={totals}
            itemCount={itemCount(cart)}
            promoCode={props.promoCode}
            shipping={props.shipping}
          />
        </div>

        <div className="flex items-start gap-3">
          <input
            id={termsId}
            type="checkbox"
            checked={terms}
            onChange={(event) => props.onTerms(event.currentTarget.checked)}
            className="mt-1 size-5 shrink-0 accent-olive-700"
          />
          <label htmlFor={termsId} className="text-sm text-ink">
            J'ai lu et j'accepte les{" "}
            <a
              href="/cgv"
              target="_blank"
              rel="noopener"
              className="rounded-sm font-semibold text-olive-700 underline underline-offset-4"
            >
              conditions générales de vente
              <span className="sr-only"> (nouvel onglet)</span>
            </a>
          </label>
        </div>

        {priceNotice && (
          <p
            role="alert"
            className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm font-medium text-amber-900"
          >
            {priceNotice}
          </p>
        )}
        {paypalNotice && (
          <p
            role="status"
            className="rounded-lg border border-sky-200 bg-sky-50 px-4 py-3 text-sm font-medium text-sky-900"
          >
            {paypalNotice}
          </p>
        )}
        <ErrorBanner error={props.error} shown={props.errorsShown} />

        {props.children}
        {supportEmail && (
          <p className="text-center text-sm text-ink-soft">
            Besoin d'aide ?{" "}
            <a
              href={`mailto:${supportEmail}`}
              className="rounded-sm font-semibold text-olive-700 underline underline-offset-4"
            >
              {supportEmail}
            </a>
          </p>
        )}
      </div>
    </aside>
  );
}

/** The checkout's error, brought into view each time one is shown (the summary may be scrolled away). */
function ErrorBanner({ error, shown }: { error: string | null; shown: number }) {
  const banner = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (shown === 0) return;
    const frame = window.requestAnimationFrame(() =>
      banner.current?.scrollIntoView({ block: "nearest", behavior: "smooth" }),
    );
    return () => window.cancelAnimationFrame(frame);
  }, [shown]);
  return <div ref={banner}>{error && <Notice kind="error">{error}</Notice>}</div>;
}
