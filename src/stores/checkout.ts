/**
 * The cart's companions on the cart and checkout pages: the applied promo code (spec 4: persisted under
 * `applied_promo`, removed when cleared), the shipping settings (read once per page) and the refresh of the
 * cart's lines from the live catalogue. Kept out of stores/cart.ts on purpose: the header's cart badge imports
 * that one on every page, and none of this belongs in the public pages' JavaScript.
 */
import { persistentAtom } from "@nanostores/persistent";
import { atom } from "nanostores";
import { type CartChange, type CatalogEntry, syncCartWithCatalog } from "../domain/cart/cart-sync";
import { checkoutMessages } from "../domain/checkout/messages";
import {
  type AppliedPromo,
  defaultShippingSettings,
  parseStoredPromo,
  promoNeedsRevalidation,
  type ShippingSettings,
} from "../domain/checkout/totals";
import { type Cents, centsToEuros } from "../domain/money";
import { fetchShippingSettings, validatePromoCode } from "../lib/cart-client";
import { fetchProducts } from "../lib/catalog-client";
import { PROMO_STORAGE_KEY } from "../lib/storage-keys";
import { $cart, clearCart } from "./cart";

function decodePromo(encoded: string): AppliedPromo | undefined {
  try {
    return parseStoredPromo(JSON.parse(encoded)) ?? undefined;
  } catch {
    return undefined;
  }
}

/** The applied promo; undefined, with no storage entry, when there is none. */
export const $appliedPromo = persistentAtom<AppliedPromo | undefined>(PROMO_STORAGE_KEY, undefined, {
  // undefined removes the storage entry (nanostores/persistent deletes the key).
  encode: (promo) => (promo ? JSON.stringify(promo) : undefined) as string,
  decode: decodePromo,
});

export function applyPromo(promo: AppliedPromo): void {
  $appliedPromo.set(promo);
}

export function clearPromo(): void {
  $appliedPromo.set(undefined);
}

/** Empties the cart and removes the promo (clear-cart button, order placed). */
export function clearCartAndPromo(): void {
  clearCart();
  clearPromo();
}

/**
 * 'Vider le panier' with a way back: empties the cart and its promo, and answers the function that puts
 * both back as they were (the shopper's « Annuler »).
 */
export function clearCartWithUndo(): () => void {
  const cart = $cart.get();
  const promo = $appliedPromo.get();
  clearCartAndPromo();
  return () => {
    $cart.set(cart);
    if (promo) applyPromo(promo);
  };
}

/** Brings the cart's lines in line with the live catalogue; answers what changed, to tell the customer. */
export function syncCart(catalog: readonly CatalogEntry[]): CartChange[] {
  const { cart, changes } = syncCartWithCatalog($cart.get(), catalog);
  if (cart !== $cart.get()) $cart.set(cart);
  return changes;
}

/**
 * Refreshes the cart's lines from GET /api/products and answers what changed (price, quantity brought down to the
 * stock, product gone), for the cart page and the checkout. Rejects when the call fails: the caller keeps the stored
 * cart, the server checks everything again when the order is placed.
 */
export async function refreshCartFromCatalog(signal?: AbortSignal): Promise<CartChange[]> {
  return syncCart(await fetchProducts(signal));
}

/** How long the subtotal must stay put before the applied code is checked again (a burst of + clicks: one call). */
const PROMO_REVALIDATION_DELAY_MS = 300;

/**
 * Asks the server again for the applied promo's discount when the subtotal changed since it was validated (a
 * percentage's cap, the minimum order): a code that no longer applies is removed and `onRejected` gets the server's
 * reason. Answers the function that cancels the check (the subtotal changed again, the page went away). Offline, the
 * discount is computed locally meanwhile; the order request is checked by the server.
 */
export function revalidatePromoSoon(
  promo: AppliedPromo | undefined,
  subtotal: Cents,
  onRejected: (message: string) => void,
): () => void {
  if (!promo || subtotal <= 0 || !promoNeedsRevalidation(promo, subtotal)) return () => undefined;
  let cancelled = false;
  const timer = setTimeout(() => {
    validatePromoCode(promo.code, centsToEuros(subtotal), $cart.get())
      .then((result) => {
        if (cancelled || $appliedPromo.get()?.id !== promo.id) return;
        if (result.valid) {
          applyPromo({ ...result.promo, subtotal_amount: centsToEuros(subtotal) } satisfies AppliedPromo);
        } else {
          clearPromo();
          onRejected(result.error || checkoutMessages.promoInvalid);
        }
      })
      .catch(() => undefined);
  }, PROMO_REVALIDATION_DELAY_MS);
  return () => {
    cancelled = true;
    clearTimeout(timer);
  };
}

/** Shipping cost and free-shipping threshold (GET /api/settings/shipping); the spec's defaults until known. */
export const $shippingSettings = atom<ShippingSettings>(defaultShippingSettings);

let shippingLoad: Promise<void> | null = null;

/** Reads the shipping settings once per page (again with `force`); a failure keeps what is known, silently. */
export function loadShippingSettings(force = false): Promise<void> {
  if (!shippingLoad || force) {
    shippingLoad = fetchShippingSettings()
      .then((settings) => {
        const current = $shippingSettings.get();
        const valid =
          Number.isFinite(settings.standard_cost) && Number.isFinite(settings.free_shipping_threshold);
        const same =
          settings.standard_cost === current.standard_cost &&
          settings.free_shipping_threshold === current.free_shipping_threshold;
        if (valid && !same) {
          $shippingSettings.set({
            standard_cost: settings.standard_cost,
            free_shipping_threshold: settings.free_shipping_threshold,
          });
        }
      })
      .catch(() => undefined);
  }
  return shippingLoad;
}
