/**
 * Inlined right after the cart page's content (CartScreen.astro): paints the cart stored in this browser before the
 * first frame, so the lines, the totals and the way to checkout come with the HTML and not after a module download
 * (docs/decisions/044). Written in TypeScript over the page's own view (src/lib/cart-view.ts): compile.ts bundles it
 * at build time, and hashes.ts allows that very text by its hash. The page's module (src/scripts/storefront/
 * cart-page.ts) takes over from the same view without changing a thing, then refreshes the lines from the catalogue.
 * The build printed the empty cart: an empty or unreadable storage leaves it as it is.
 */
import { parseStoredCart } from "../../domain/cart/cart";
import { defaultShippingSettings, parseStoredPromo } from "../../domain/orders/checkout";
import { cartContent, idlePromoForm } from "../../lib/cart-view";
import { hasSessionHint } from "../../lib/session-hint";

const stored = (key: string): unknown => {
  try {
    return JSON.parse(localStorage.getItem(key) ?? "null");
  } catch {
    return null;
  }
};

const root = document.querySelector<HTMLElement>("[data-cart-content]");
const cart = parseStoredCart(stored("cart"));
if (root && cart.length > 0) {
  let shipping = defaultShippingSettings;
  try {
    shipping = JSON.parse(root.dataset.shipping ?? "") ?? shipping;
  } catch {}
  const view = cartContent({
    cart,
    shipping,
    promo: parseStoredPromo(stored("applied_promo")),
    signedIn: hasSessionHint(),
    changes: [],
    undo: false,
    promoForm: idlePromoForm,
  });
  root.innerHTML = view.value;
}
