/**
 * How a script reads the stored cart and promo (keys in lib/storage-keys.ts) before any store exists: the inline
 * scripts that paint the cart and size the checkout before the first frame (src/scripts/inline/) read them the way the
 * stores (stores/cart.ts, stores/checkout.ts) do, through the same rules, so the first paint and the stores never
 * disagree on what the cart holds.
 */
import { type Cart, parseStoredCart } from "../domain/cart/cart";
import { type AppliedPromo, parseStoredPromo } from "../domain/checkout/totals";
import { CART_STORAGE_KEY, PROMO_STORAGE_KEY } from "./storage-keys";

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
