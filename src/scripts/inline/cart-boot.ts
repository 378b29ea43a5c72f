/**
 * Inlined right after the cart page's content (CartScreen.astro): paints the cart stored in this browser before the
 * first frame, so the lines, the totals and the way to checkout come with the HTML and not after a module download
 * (docs/decisions/044). Written in TypeScript over the page's own view (src/lib/cart-view.ts): compile.ts bundles it
 * at build time, and hashes.ts allows that very text by its hash. The page's module (src/scripts/storefront/
 * cart-page.ts) takes over from the same view without changing a thing, then refreshes the lines from the catalogue.
 * The build printed the empty cart: an empty or unreadable storage leaves it as it is.
 * What the shopper does on the painted page before the module has come (a + click, the promo form sent, Enter in its
 * field) is kept in order, not lost, and the module plays it once it is there (cart-events.ts).
 */
import { defaultShippingSettings } from "../../domain/orders/checkout/totals";
import { cartContent, idlePromoForm } from "../../lib/cart-view";
import { hasSessionHint } from "../../lib/session-hint";
import { readStoredCart, readStoredPromo } from "../../lib/stored-cart";
import { earlyCartEvents, isCartAction } from "../storefront/cart-events";

const root = document.querySelector<HTMLElement>("[data-cart-content]");
const cart = readStoredCart();
if (root && cart.length > 0) {
  let shipping = defaultShippingSettings;
  try {
    shipping = JSON.parse(root.dataset.shipping ?? "") ?? shipping;
  } catch {}
  const view = cartContent({
    cart,
    shipping,
    promo: readStoredPromo(),
    signedIn: hasSessionHint(),
    changes: [],
    undo: false,
    promoForm: idlePromoForm,
  });
  root.innerHTML = view.value;
}

if (root) {
  const early = earlyCartEvents(root);
  const keep = (event: Event) => {
    if (root.dataset.ready !== undefined || !isCartAction(event)) return;
    // A form sent or Enter before the module: the module answers it, the browser does not load another page.
    if (event.type !== "click") event.preventDefault();
    early.push(event);
  };
  for (const type of ["click", "submit", "keydown"]) root.addEventListener(type, keep);
}
