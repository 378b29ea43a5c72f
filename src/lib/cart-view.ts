/**
 * The cart page's markup (spec 2 "Cart"), as one pure function of its state, without a framework: the inline script
 * that paints the stored cart before the first frame (src/scripts/inline/cart-boot.ts), the page's module that keeps
 * it up to date (src/scripts/storefront/cart-page.ts) and the build's empty cart (CartScreen.astro) all print it from
 * here, so the page never changes between them except where the cart did (CLS 0, docs/decisions/044).
 * Every text is escaped by the `html` template (safe-html.ts): a line's name and picture come from the browser's
 * storage, which anyone may have written.
 * Kept small and free of zod, stores and the API client: the inline script bundles it into the page's HTML.
 */
import { type Cart, type CartItem, itemCount } from "../domain/cart/cart";
import type { CartChange } from "../domain/cart/cart-sync";
import {
  type AppliedPromo,
  cartTotals,
  type ShippingSettings,
  unitPriceCents,
} from "../domain/checkout/totals";
import { eurosToCents, formatEuros } from "../domain/money";
import type { Totals } from "../domain/orders/pricing";
import { announcePrice } from "../domain/reductions/announce";
import { inputClass } from "./field-classes";
import { reductionHtml } from "./price-announcement-view";
import { html, type SafeHtml } from "./safe-html";

/** The cart's low-stock note (spec 2, 9): at 5 or fewer units left. */
export const LOW_STOCK_NOTE = 5;

/** The title of the « mis à jour » notes (cart and checkout). */
export const CART_CHANGES_TITLE = "Votre panier a été mis à jour :";

/** The promo field's id and its message's (one promo form per page). */
export const PROMO_INPUT_ID = "promo-code";
export const PROMO_MESSAGE_ID = "promo-code-message";

export function articles(count: number): string {
  return `${count} article${count > 1 ? "s" : ""}`;
}

/** French sentence for a change the catalogue refresh made to the cart. */
export function describeCartChange(change: CartChange): string {
  switch (change.kind) {
    case "removed":
      return `« ${change.name} » n'est plus disponible et a été retiré de votre panier.`;
    case "quantity":
      return `La quantité de « ${change.name} » a été ramenée à ${change.quantity} (stock disponible).`;
    case "price":
      return `Le prix de « ${change.name} » a été mis à jour.`;
  }
}

/** What the totals say (the cart's summary and the checkout's TotalsList print the same texts). */
export interface TotalsTexts {
  itemsLabel: string;
  subtotal: string;
  shipping: string;
  shippingFree: boolean;
  discount: { code: string; amount: string } | null;
  total: string;
  freeShippingNote: string;
}

export function totalsTexts(
  totals: Totals,
  count: number,
  promoCode: string | null,
  shipping: ShippingSettings,
): TotalsTexts {
  const threshold = eurosToCents(shipping.free_shipping_threshold);
  const remaining = Math.max(0, threshold - totals.subtotal);
  const free = totals.shipping === 0;
  return {
    itemsLabel: `(${articles(count)})`,
    subtotal: formatEuros(totals.subtotal),
    shipping: free ? "Gratuit" : formatEuros(totals.shipping),
    shippingFree: free,
    discount:
      promoCode && totals.discount > 0
        ? { code: promoCode, amount: `−${formatEuros(totals.discount)}` }
        : null,
    total: formatEuros(totals.total),
    freeShippingNote: free
      ? "Vous bénéficiez de la livraison gratuite !"
      : `Plus que ${formatEuros(remaining)} d'achats pour profiter de la livraison gratuite (dès ${formatEuros(threshold)}).`,
  };
}

/** The promo form's state: what is typed, whether the server is being asked, the message under the field. */
export interface PromoFormState {
  code: string;
  checking: boolean;
  notice: string | null;
}

export const idlePromoForm: PromoFormState = { code: "", checking: false, notice: null };

export interface CartViewState {
  cart: Cart;
  shipping: ShippingSettings;
  promo: AppliedPromo | null;
  /** Signed in (or the hint cookie says so until the API answers): « Procéder au paiement ». */
  signedIn: boolean;
  changes: readonly string[];
  /** Right after « Vider le panier »: « Panier vidé. » and its « Annuler », while the cart stays empty. */
  undo: boolean;
  promoForm: PromoFormState;
}

export function cartContent(state: CartViewState): SafeHtml {
  return state.cart.length === 0 ? emptyCart(state) : filledCart(state);
}

function changeNotes(messages: readonly string[]): SafeHtml {
  if (messages.length === 0) return html``;
  return html`<div role="status" class="rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900 mt-4 text-left"><p class="font-semibold">${CART_CHANGES_TITLE}</p><ul class="mt-1 list-disc pl-5">${messages.map((message) => html`<li>${message}</li>`)}</ul></div>`;
}

function emptyCart({ undo, changes }: CartViewState): SafeHtml {
  const undoBox = undo
    ? html`<div role="status" class="mx-auto mb-6 flex max-w-md flex-wrap items-center justify-center gap-3 rounded-lg border border-olive-300 bg-olive-50 px-4 py-3 text-olive-900"><span class="font-medium">Panier vidé.</span><button type="button" class="btn btn-secondary px-4 py-1.5 text-sm" data-cart-undo>Annuler<span class="sr-only"> : remettre les articles dans le panier</span></button></div>`
    : "";
  return html`<section class="rounded-2xl border border-cream-300 bg-white px-6 py-12 text-center shadow-sm"><svg aria-hidden="true" viewBox="0 0 24 24" class="mx-auto size-14 text-olive-300" fill="none" stroke="currentColor" stroke-width="1.5" stroke-linecap="round" stroke-linejoin="round"><path d="M5 7h14l-1.2 11.1a2 2 0 0 1-2 1.9H8.2a2 2 0 0 1-2-1.9L5 7Z"></path><path d="M9 10V6a3 3 0 0 1 6 0v4"></path></svg>${undoBox}<h2 class="mt-4 font-serif text-2xl font-semibold text-olive-900">Votre panier est vide</h2><p class="mt-2 text-ink-soft">Découvrez nos savons d'Alep faits main.</p>${changeNotes(changes)}<a href="/#products" class="btn btn-primary mt-6 px-6">Continuer mes achats</a></section>`;
}

const STEP_CLASS =
  "flex size-11 items-center justify-center rounded-full text-xl font-semibold text-olive-800 hover:bg-olive-50 disabled:cursor-not-allowed disabled:text-ink-soft/50 disabled:hover:bg-transparent";
const REMOVE_CLASS =
  "rounded-sm text-sm font-semibold text-alert underline underline-offset-4 hover:text-red-900";

/** The reduction the line's unit price is under, in the words of every other surface. */
export function lineReduction(item: CartItem): SafeHtml {
  return reductionHtml(announcePrice({ price: Number(item.price), reduction: item.reduction }).reduction);
}

/** One line; `data-key` lets the page's module keep its elements (and the focus in them) across renders. */
export function cartLine(item: CartItem): SafeHtml {
  const unit = unitPriceCents(item.price);
  const id = item.id;
  return html`<li class="flex gap-4 p-4 sm:p-5" data-key="${id}"><img src="${item.image}" alt="" width="96" height="96" class="shrink-0 rounded-lg bg-cream-100 object-cover size-20 sm:size-24"><div class="flex min-w-0 flex-1 flex-col gap-3 sm:flex-row sm:items-start sm:justify-between"><div class="min-w-0"><h3 class="font-serif text-lg leading-snug font-semibold text-olive-900"><a href="/product/${id}" class="rounded-sm hover:underline">${item.name}</a></h3><p class="text-sm text-ink-soft"><span class="sr-only">Poids : </span>${item.weight}</p><p class="mt-1 text-sm text-ink-soft tabular-nums">Prix unitaire : <span class="font-medium text-ink">${formatEuros(unit)}</span></p>${lineReduction(item)}${item.stock <= LOW_STOCK_NOTE ? html`<p class="mt-1 text-sm font-semibold text-warning">Seulement ${item.stock} en stock</p>` : ""}</div><div class="flex items-center justify-between gap-4 sm:flex-col sm:items-end"><fieldset class="flex items-center rounded-full border border-cream-300 bg-cream-50"><legend class="sr-only">Quantité : ${item.name}</legend><button type="button" class="${STEP_CLASS}" data-cart-step="-1" data-id="${id}" aria-label="Diminuer la quantité de ${item.name}"><span aria-hidden="true">−</span></button><output aria-live="polite" aria-label="Quantité de ${item.name}" class="min-w-8 text-center font-semibold tabular-nums">${item.quantity}</output><button type="button" class="${STEP_CLASS}" data-cart-step="1" data-id="${id}"${item.quantity >= item.stock ? html` disabled` : ""} aria-label="Augmenter la quantité de ${item.name}"><span aria-hidden="true">+</span></button></fieldset><div class="text-right"><p class="font-serif text-lg font-semibold text-crust-800 tabular-nums">${formatEuros(unit * item.quantity)}</p><button type="button" class="${REMOVE_CLASS}" data-cart-remove="${id}">Retirer<span class="sr-only"> ${item.name} du panier</span></button></div></div></div></li>`;
}

function promoBox(promo: AppliedPromo | null, discount: number, form: PromoFormState): SafeHtml {
  if (promo) {
    return html`<div class="rounded-xl border border-olive-300 bg-olive-50 px-4 py-3"><p class="flex flex-wrap items-center justify-between gap-2 text-olive-800"><span>Code <span class="font-semibold">${promo.code}</span> appliqué${discount > 0 ? html`<span class="tabular-nums"> : −${formatEuros(discount)}</span>` : ""}</span><button type="button" class="rounded-sm text-sm font-semibold text-olive-700 underline underline-offset-4 hover:text-olive-900" data-promo-remove>Retirer<span class="sr-only"> le code promo ${promo.code}</span></button></p></div>`;
  }
  const invalid = form.notice ? html` aria-invalid="true" aria-describedby="${PROMO_MESSAGE_ID}"` : "";
  const disabled = !form.code.trim() || form.checking ? html` disabled` : "";
  return html`<form novalidate data-promo-form><label for="${PROMO_INPUT_ID}" class="mb-1 block text-sm font-semibold text-ink">Code promo</label><div class="flex gap-2"><input id="${PROMO_INPUT_ID}" name="promo_code" type="text" autocomplete="off" autocapitalize="characters" spellcheck="false" maxlength="40"${invalid} class="${inputClass} uppercase"><button type="submit" class="btn btn-secondary shrink-0 px-4"${disabled} aria-busy="${String(form.checking)}">${form.checking ? "Vérification..." : "Appliquer"}</button></div><p id="${PROMO_MESSAGE_ID}" role="alert" class="mt-1 min-h-5 text-sm font-medium text-alert">${form.notice}</p></form>`;
}

function totalsList(texts: TotalsTexts): SafeHtml {
  const discount = texts.discount
    ? html`<div class="flex justify-between gap-4 text-olive-700"><dt>Réduction <span class="font-semibold">(${texts.discount.code})</span></dt><dd class="font-medium tabular-nums">${texts.discount.amount}</dd></div>`
    : "";
  return html`<div><dl class="space-y-2 text-ink"><div class="flex justify-between gap-4"><dt>Sous-total <span class="text-ink-soft">${texts.itemsLabel}</span></dt><dd class="font-medium tabular-nums">${texts.subtotal}</dd></div><div class="flex justify-between gap-4"><dt>Livraison</dt><dd class="font-medium tabular-nums ${texts.shippingFree ? "text-olive-700" : ""}">${texts.shipping}</dd></div>${discount}<div class="flex justify-between gap-4 border-t border-cream-300 pt-3 text-lg font-semibold"><dt>Total</dt><dd class="font-serif text-xl text-crust-800 tabular-nums">${texts.total}</dd></div></dl><p class="mt-3 rounded-lg bg-olive-50 px-3 py-2 text-sm text-olive-800">${texts.freeShippingNote}</p></div>`;
}

/**
 * The way to checkout: the link when signed in, else the sign-in dialog (auth-modal-loader.ts opens it), opened to
 * order: it offers « Commander sans compte » too.
 */
function checkoutAction(signedIn: boolean): SafeHtml {
  return signedIn
    ? html`<a href="/payment" class="btn btn-primary w-full text-lg">Procéder au paiement</a>`
    : html`<button type="button" class="btn btn-primary w-full text-lg" data-auth-purpose="order" data-auth-open="signin">Se connecter pour commander</button>`;
}

function filledCart(state: CartViewState): SafeHtml {
  const { cart, promo } = state;
  const count = itemCount(cart);
  const totals = cartTotals(cart, state.shipping, promo);
  return html`<div class="grid gap-8 lg:grid-cols-3"><section aria-labelledby="cart-lines-title" class="lg:col-span-2"><div class="flex flex-wrap items-center justify-between gap-3"><h2 id="cart-lines-title" class="font-serif text-xl font-semibold text-olive-900">${articles(count)}</h2><button type="button" class="${REMOVE_CLASS}" data-cart-clear>Vider le panier</button></div>${changeNotes(state.changes)}<ul class="mt-4 divide-y divide-cream-200 rounded-2xl border border-cream-300 bg-white shadow-sm">${cart.map(cartLine)}</ul><a href="/#products" class="mt-5 inline-block rounded-sm font-semibold text-olive-700 underline underline-offset-4 hover:text-olive-900">← Continuer mes achats</a></section><aside aria-labelledby="cart-summary-title" class="lg:sticky lg:top-24 lg:self-start"><div class="space-y-5 rounded-2xl border border-cream-300 bg-white p-5 shadow-sm sm:p-6"><h2 id="cart-summary-title" class="font-serif text-xl font-semibold text-olive-900">Récapitulatif</h2>${promoBox(promo, totals.discount, state.promoForm)}${totalsList(totalsTexts(totals, count, promo?.code ?? null, state.shipping))}${checkoutAction(state.signedIn)}</div></aside></div>`;
}
