/**
 * Where the browser keeps the cart and the applied promo (spec 4: they survive reloads and are shared between tabs),
 * and how a script reads them before any store exists: the inline scripts that paint the cart and size the checkout
 * before the first frame (src/scripts/inline/) read them the way the stores (stores/cart.ts, stores/checkout.ts) do,
 * through the same rules, so the first paint and the stores never disagree on what the cart holds.
 */
import { type Cart, parseStoredCart } from "../domain/cart/cart";
import { type AppliedPromo, parseStoredPromo } from "../domain/orders/checkout";

export const CART_STORAGE_KEY = "cart";
export const PROMO_STORAGE_KEY = "applied_promo";

function stored(key: string): unknown {
  try {
    return JSON.parse(localStorage.getItem(key) ?? "null");
  } catch {
    return null;
  }
}

/** The stored cart, its unreadable or invalid lines left out (as the cart store decodes it). */
export function readStoredCart(): Cart {
  return parseStoredCart(stored(CART_STORAGE_KEY));
}

export function readStoredPromo(): AppliedPromo | null {
  return parseStoredPromo(stored(PROMO_STORAGE_KEY));
}
