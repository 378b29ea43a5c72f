import { useStore } from "@nanostores/react";
import { useEffect, useRef, useState } from "react";
import { canAddMore, emptyCart } from "../../domain/cart";
import { isPurchasable, stockState } from "../../domain/product-rules";
import { productParams, track } from "../../lib/analytics";
import { fetchProduct } from "../../lib/catalog-client";
import { type BuyBoxProduct, priceLabel, toBuyBoxProduct, toCartProduct } from "../../lib/product-view";
import { $cart, addToCart } from "../../stores/cart";

interface Props {
  /** The product as the page knows it (build time, or just fetched by the shell). */
  product: BuyBoxProduct;
  /** Re-read price, stock and active state from GET /api/products/{id} after load (prebuilt pages). */
  refresh?: boolean;
}

/** Feedback time of the add-to-cart button (spec 4: 'Ajouté au panier!' for 1 s). */
const ADDED_FEEDBACK_MS = 1000;

/**
 * Price, stock message and add-to-cart button of the product page. Every line keeps its height whatever
 * the state, so a refresh after load never moves the page.
 */
export default function BuyBox({ product: initial, refresh = false }: Props) {
  const [product, setProduct] = useState(initial);
  const [justAdded, setJustAdded] = useState(false);
  const cart = useStore($cart, { ssr: () => emptyCart });

  // Analytics (spec 7): one view_item per product shown; dropped unless the visitor accepted the measurement.
  const viewed = useRef<number | null>(null);
  useEffect(() => {
    if (viewed.current === initial.id) return;
    viewed.current = initial.id;
    track("view_item", productParams(initial));
  }, [initial]);

  useEffect(() => {
    if (!refresh) return;
    const controller = new AbortController();
    fetchProduct(initial.id, controller.signal)
      .then((fresh) =>
        setProduct((current) => (fresh ? toBuyBoxProduct(fresh) : { ...current, is_active: false })),
      )
      // Offline or API error: the build's data stays on screen; the server checks stock and price at checkout.
      .catch(() => undefined);
    return () => controller.abort();
  }, [initial.id, refresh]);

  useEffect(() => {
    if (!justAdded) return;
    const timer = window.setTimeout(() => setJustAdded(false), ADDED_FEEDBACK_MS);
    return () => window.clearTimeout(timer);
  }, [justAdded]);

  const purchasable = isPurchasable(product);
  const inCart = cart.find((item) => item.id === product.id)?.quantity ?? 0;
  const roomLeft = canAddMore(cart, product.id, product.stock);
  const canAdd = purchasable && roomLeft && !justAdded;

  function handleAdd() {
    if (!canAdd) return;
    addToCart(toCartProduct(product));
    track("add_to_cart", productParams(product));
    setJustAdded(true);
  }

  return (
    <div className="rounded-2xl border border-cream-300 bg-white p-5 shadow-sm sm:p-6">
      <p className="font-serif text-3xl font-semibold text-crust-800 tabular-nums sm:text-4xl">
        {priceLabel(product.price)}
        <span className="ml-2 align-middle font-sans text-sm font-normal text-ink-soft">TTC</span>
      </p>

      <StockMessage product={product} />

      <button
        type="button"
        onClick={handleAdd}
        disabled={!purchasable}
        aria-disabled={!canAdd}
        className={`btn mt-4 w-full text-lg ${justAdded ? "bg-olive-600 text-cream-50" : "btn-primary"}`}
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
          {justAdded ? (
            <path d="M5 12.5l4.5 4.5L19 7.5" />
          ) : (
            <path d="M5 7h14l-1.2 11.1a2 2 0 0 1-2 1.9H8.2a2 2 0 0 1-2-1.9L5 7ZM9 10V6a3 3 0 0 1 6 0v4" />
          )}
        </svg>
        {justAdded ? "Ajouté au panier!" : "Ajouter au panier"}
      </button>

      <p className="mt-3 min-h-6 text-sm text-ink-soft">
        {inCart > 0 && (
          <>
            {roomLeft
              ? `Déjà ${inCart} dans votre panier.`
              : `Vous avez déjà tout le stock disponible dans votre panier (${inCart}).`}{" "}
            <a href="/cart" className="rounded-sm font-medium text-olive-700 underline underline-offset-4">
              Voir le panier
            </a>
          </>
        )}
      </p>
      <p role="status" className="sr-only">
        {justAdded ? "Ajouté au panier!" : ""}
      </p>
    </div>
  );
}

function StockMessage({ product }: { product: BuyBoxProduct }) {
  const base = "mt-3 flex min-h-7 items-center gap-2 font-semibold";
  if (!product.is_active) {
    return <p className={`${base} text-alert`}>Ce produit n'est plus disponible</p>;
  }
  const state = stockState(product.stock, product.low_stock_threshold);
  if (state === "out_of_stock") {
    return (
      <p className={`${base} text-alert`}>
        <Dot className="bg-alert" />
        Rupture de Stock
      </p>
    );
  }
  if (state === "low") {
    return (
      <p className={`${base} text-warning`}>
        <Dot className="bg-warning" />
        Plus que {product.stock} en stock !
      </p>
    );
  }
  return (
    <p className={`${base} text-olive-700`}>
      <Dot className="bg-olive-500" />
      En stock, expédié sous 24-48 h
    </p>
  );
}

function Dot({ className }: { className: string }) {
  return <span aria-hidden="true" className={`inline-block size-2.5 rounded-full ${className}`} />;
}
