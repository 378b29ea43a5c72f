import { useStore } from "@nanostores/react";
import { useEffect, useRef, useState } from "react";
import { emptyCart } from "../../domain/cart/cart";
import { unitPriceText } from "../../domain/catalog/unit-price";
import { announcePrice } from "../../domain/reductions/announce";
import { productParams, track } from "../../lib/analytics";
import {
  ADDED_FEEDBACK_MS,
  buyBoxState,
  CART_LINK_CLASS,
  CART_LINK_TEXT,
  stockMessage,
} from "../../lib/buy-box-view";
import { type BuyBoxProduct, priceLabel, toCartProduct } from "../../lib/product-view";
import { $cart, addToCart } from "../../stores/cart";
import WaitlistForm from "../waitlist/WaitlistForm";
import { PriceAnnouncement } from "./PriceAnnouncement";

interface Props {
  /** The product as the page knows it (build time, or just fetched by the shell). */
  product: BuyBoxProduct;
}

/**
 * Price, stock message and add-to-cart button of the product page. Every line keeps its height whatever
 * the state, so a refresh after load never moves the page.
 *
 * Two uses: rendered to static HTML (no client directive) on the prebuilt pages, where the framework-free
 * src/scripts/storefront/buy-box.ts finds its `data-buy-box-*` elements, refreshes them from the API and adds to the
 * cart; and as an island of the shell page (products created after the build). Texts and classes come from
 * lib/buy-box-view.ts, shared with that script.
 */
export default function BuyBox({ product }: Props) {
  const [justAdded, setJustAdded] = useState(false);
  const cart = useStore($cart, { ssr: () => emptyCart });

  // Analytics (spec 7): one view_item per product shown; dropped unless the visitor accepted the measurement.
  const viewed = useRef<number | null>(null);
  useEffect(() => {
    if (viewed.current === product.id) return;
    viewed.current = product.id;
    track("view_item", productParams(product));
  }, [product]);

  useEffect(() => {
    if (!justAdded) return;
    const timer = window.setTimeout(() => setJustAdded(false), ADDED_FEEDBACK_MS);
    return () => window.clearTimeout(timer);
  }, [justAdded]);

  const state = buyBoxState(product, cart, justAdded);
  const stock = stockMessage(product);

  function handleAdd() {
    if (!state.canAdd) return;
    addToCart(toCartProduct(product));
    track("add_to_cart", productParams(product));
    setJustAdded(true);
  }

  return (
    <>
      <div className="rounded-2xl border border-cream-300 bg-white p-5 shadow-sm sm:p-6">
        <p
          className="font-serif text-3xl font-semibold text-crust-800 tabular-nums sm:text-4xl"
          data-buy-box-price
        >
          {priceLabel(product.price)}
          <span className="ml-2 align-middle font-sans text-sm font-normal text-ink-soft">TTC</span>
        </p>
        <div data-buy-box-reduction="">
          <PriceAnnouncement reduction={announcePrice(product).reduction} />
        </div>

        <p className={stock.className} data-buy-box-stock>
          {stock.dotClassName && <span aria-hidden="true" className={stock.dotClassName} />}
          {stock.text}
        </p>

        <button
          type="button"
          onClick={handleAdd}
          disabled={!state.purchasable}
          aria-disabled={!state.canAdd}
          className={state.buttonClassName}
          data-buy-box-add
        >
          <svg
            aria-hidden="true"
            viewBox="0 0 24 24"
            className="size-5"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
            strokeLinejoin="round"
          >
            <path d={state.iconPath} />
          </svg>
          {state.label}
        </button>

        <p className="mt-3 min-h-6 text-sm text-ink-soft" data-buy-box-cart>
          {state.cartNote && (
            <>
              {state.cartNote}{" "}
              <a href="/cart" className={CART_LINK_CLASS}>
                {CART_LINK_TEXT}
              </a>
            </>
          )}
        </p>
        <p role="status" className="sr-only" data-buy-box-status>
          {state.status}
        </p>
      </div>
      {/*
        Unit price (arrêté du 16 novembre 1999) next to the price, before the waitlist card: static text, which
        neither the framework-free script nor the shell's React changes (a price edit republishes the page).
      */}
      {unitPriceText(product) && (
        <p data-testid="unit-price" className="mt-2 text-sm text-ink-soft tabular-nums">
          Soit {unitPriceText(product)}
        </p>
      )}
      {/* Out of stock: the shopper may ask to be told of its return. */}
      <WaitlistForm productId={product.id} open={product.is_active && product.stock <= 0} />
    </>
  );
}
