import { useStore } from "@nanostores/react";
import { useEffect, useRef, useState } from "react";
import { type CartItem, emptyCart, itemCount } from "../../domain/cart/cart";
import { formatEuros } from "../../domain/money";
import { cartTotals, unitPriceCents } from "../../domain/orders/checkout";
import { openAuthModal } from "../../stores/auth-modal";
import { $cart, removeFromCart, updateCartQuantity } from "../../stores/cart";
import {
  $appliedPromo,
  $shippingSettings,
  clearCartWithUndo,
  clearPromo,
  loadShippingSettings,
} from "../../stores/checkout";
import { $session, startSession } from "../../stores/session";
import { ChangeNotes } from "../ui/ChangeNotes";
import { ProductThumb } from "../ui/ProductThumb";
import { describeCartChange, useCatalogSync, useHydrated, usePromoRevalidation } from "./cart-hooks";
import { PromoBox } from "./PromoBox";
import { TotalsList } from "./TotalsList";

/** The cart's low-stock note (spec 2, 9): at 5 or fewer units left. */
const LOW_STOCK_NOTE = 5;

/**
 * /cart (spec 2 "Cart"): lines with quantity controls capped at the stock, remove and clear, promo code,
 * summary and the way to checkout ('Procéder au paiement' signed in, 'Se connecter pour commander' otherwise).
 */
export default function CartPage() {
  const hydrated = useHydrated();
  const cart = useStore($cart, { ssr: () => emptyCart });
  const promo = useStore($appliedPromo, { ssr: () => undefined }) ?? null;
  const shipping = useStore($shippingSettings);
  const session = useStore($session, { ssr: "initial" });
  const [promoNotice, setPromoNotice] = useState<string | null>(null);
  /** After 'Vider le panier': the way back, offered while the cart stays empty. */
  const [undo, setUndo] = useState<(() => void) | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const undoButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    void startSession();
    void loadShippingSettings();
  }, []);

  const changes = useCatalogSync(hydrated);
  const totals = cartTotals(cart, shipping, promo);
  const empty = cart.length === 0;
  usePromoRevalidation(totals.subtotal, hydrated && !empty, setPromoNotice);

  // A code on an empty cart means nothing (the cart may also be emptied from another tab).
  useEffect(() => {
    if (hydrated && empty && $appliedPromo.get()) clearPromo();
  }, [hydrated, empty]);

  // The undo stands while the cart stays empty; the keyboard lands on it right after emptying.
  useEffect(() => {
    if (!empty) setUndo(null);
    else if (undo) undoButton.current?.focus();
  }, [empty, undo]);

  function changeQuantity(item: CartItem, quantity: number) {
    updateCartQuantity(item.id, quantity);
    if (quantity <= 0) heading.current?.focus();
  }

  function remove(item: CartItem) {
    removeFromCart(item.id);
    heading.current?.focus();
  }

  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6 sm:py-14">
      <h1
        ref={heading}
        tabIndex={-1}
        className="font-serif text-3xl font-semibold text-olive-900 focus:outline-none sm:text-4xl"
      >
        Mon panier
      </h1>
      <div className="mt-8">{content()}</div>
    </div>
  );

  function content() {
    if (!hydrated) {
      return (
        <p role="status" className="py-10 text-center text-lg text-ink-soft">
          Chargement du panier...
        </p>
      );
    }
    if (empty) {
      return (
        <section className="rounded-2xl border border-cream-300 bg-white px-6 py-12 text-center shadow-sm">
          <svg
            aria-hidden="true"
            viewBox="0 0 24 24"
            className="mx-auto size-14 text-olive-300"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.5"
            strokeLinecap="round"
            strokeLinejoin="round"
          >
            <path d="M5 7h14l-1.2 11.1a2 2 0 0 1-2 1.9H8.2a2 2 0 0 1-2-1.9L5 7Z" />
            <path d="M9 10V6a3 3 0 0 1 6 0v4" />
          </svg>
          {undo && (
            <div
              role="status"
              className="mx-auto mb-6 flex max-w-md flex-wrap items-center justify-center gap-3 rounded-lg border border-olive-300 bg-olive-50 px-4 py-3 text-olive-900"
            >
              <span className="font-medium">Panier vidé.</span>
              <button
                ref={undoButton}
                type="button"
                className="btn btn-secondary px-4 py-1.5 text-sm"
                onClick={() => {
                  undo();
                  setUndo(null);
                  heading.current?.focus();
                }}
              >
                Annuler<span className="sr-only"> : remettre les articles dans le panier</span>
              </button>
            </div>
          )}
          <h2 className="mt-4 font-serif text-2xl font-semibold text-olive-900">Votre panier est vide</h2>
          <p className="mt-2 text-ink-soft">Découvrez nos savons d'Alep faits main.</p>
          <ChangeNotes
            title="Votre panier a été mis à jour :"
            messages={changes.map(describeCartChange)}
            className="mt-4 text-left"
          />
          <a href="/#products" className="btn btn-primary mt-6 px-6">
            Continuer mes achats
          </a>
        </section>
      );
    }
    const count = itemCount(cart);
    const signedIn = session.status === "signed-in";
    const known = signedIn || session.status === "signed-out";
    return (
      <div className="grid gap-8 lg:grid-cols-3">
        <section aria-labelledby="cart-lines-title" className="lg:col-span-2">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h2 id="cart-lines-title" className="font-serif text-xl font-semibold text-olive-900">
              {count} article{count > 1 ? "s" : ""}
            </h2>
            <button
              type="button"
              onClick={() => {
                const restore = clearCartWithUndo();
                setUndo(() => restore);
              }}
              className="rounded-sm text-sm font-semibold text-alert underline underline-offset-4 hover:text-red-900"
            >
              Vider le panier
            </button>
          </div>
          <ChangeNotes
            title="Votre panier a été mis à jour :"
            messages={changes.map(describeCartChange)}
            className="mt-4 text-left"
          />
          <ul className="mt-4 divide-y divide-cream-200 rounded-2xl border border-cream-300 bg-white shadow-sm">
            {cart.map((item) => (
              <CartLine key={item.id} item={item} onQuantity={changeQuantity} onRemove={remove} />
            ))}
          </ul>
          <a
            href="/#products"
            className="mt-5 inline-block rounded-sm font-semibold text-olive-700 underline underline-offset-4 hover:text-olive-900"
          >
            ← Continuer mes achats
          </a>
        </section>

        <aside aria-labelledby="cart-summary-title" className="lg:sticky lg:top-24 lg:self-start">
          <div className="space-y-5 rounded-2xl border border-cream-300 bg-white p-5 shadow-sm sm:p-6">
            <h2 id="cart-summary-title" className="font-serif text-xl font-semibold text-olive-900">
              Récapitulatif
            </h2>
            <PromoBox
              promo={promo}
              subtotal={totals.subtotal}
              discount={totals.discount}
              notice={promoNotice}
              onNotice={setPromoNotice}
            />
            <div>
              <TotalsList
                totals={totals}
                itemCount={count}
                promoCode={promo?.code ?? null}
                shipping={shipping}
              />
            </div>
            {signedIn ? (
              <a href="/payment" className="btn btn-primary w-full text-lg">
                Procéder au paiement
              </a>
            ) : (
              <button
                type="button"
                onClick={() => openAuthModal("signin")}
                className={`btn btn-primary w-full text-lg ${known ? "" : "invisible"}`}
              >
                Se connecter pour commander
              </button>
            )}
          </div>
        </aside>
      </div>
    );
  }
}

interface LineProps {
  item: CartItem;
  onQuantity: (item: CartItem, quantity: number) => void;
  onRemove: (item: CartItem) => void;
}

function CartLine({ item, onQuantity, onRemove }: LineProps) {
  const unit = unitPriceCents(item.price);
  const atStock = item.quantity >= item.stock;
  const stepClass =
    "flex size-11 items-center justify-center rounded-full text-xl font-semibold text-olive-800 hover:bg-olive-50 disabled:cursor-not-allowed disabled:text-ink-soft/50 disabled:hover:bg-transparent";
  return (
    <li className="flex gap-4 p-4 sm:p-5">
      <ProductThumb src={item.image} size={96} className="size-20 sm:size-24" />
      <div className="flex min-w-0 flex-1 flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <h3 className="font-serif text-lg leading-snug font-semibold text-olive-900">
            <a href={`/product/${item.id}`} className="rounded-sm hover:underline">
              {item.name}
            </a>
          </h3>
          <p className="text-sm text-ink-soft">
            <span className="sr-only">Poids : </span>
            {item.weight}
          </p>
          <p className="mt-1 text-sm text-ink-soft tabular-nums">
            Prix unitaire : <span className="font-medium text-ink">{formatEuros(unit)}</span>
          </p>
          {item.stock <= LOW_STOCK_NOTE && (
            <p className="mt-1 text-sm font-semibold text-warning">Seulement {item.stock} en stock</p>
          )}
        </div>
        <div className="flex items-center justify-between gap-4 sm:flex-col sm:items-end">
          <fieldset className="flex items-center rounded-full border border-cream-300 bg-cream-50">
            <legend className="sr-only">Quantité : {item.name}</legend>
            <button
              type="button"
              className={stepClass}
              onClick={() => onQuantity(item, item.quantity - 1)}
              aria-label={`Diminuer la quantité de ${item.name}`}
            >
              <span aria-hidden="true">−</span>
            </button>
            <output
              aria-live="polite"
              aria-label={`Quantité de ${item.name}`}
              className="min-w-8 text-center font-semibold tabular-nums"
            >
              {item.quantity}
            </output>
            <button
              type="button"
              className={stepClass}
              disabled={atStock}
              onClick={() => onQuantity(item, item.quantity + 1)}
              aria-label={`Augmenter la quantité de ${item.name}`}
            >
              <span aria-hidden="true">+</span>
            </button>
          </fieldset>
          <div className="text-right">
            <p className="font-serif text-lg font-semibold text-crust-800 tabular-nums">
              {formatEuros(unit * item.quantity)}
            </p>
            <button
              type="button"
              onClick={() => onRemove(item)}
              className="rounded-sm text-sm font-semibold text-alert underline underline-offset-4 hover:text-red-900"
            >
              Retirer<span className="sr-only"> {item.name} du panier</span>
            </button>
          </div>
        </div>
      </div>
    </li>
  );
}
