/**
 * Inlined right after the cart page's content (CartScreen.astro): paints the stored cart before the first frame, so
 * the lines, the totals and the way to checkout come with the HTML, not after a module download (docs/decisions/044).
 * Written over the page's own view (src/lib/cart-view.ts), so the page's module takes over without changing a
 * thing. Clicks made before the module came are kept in order and played once it is there (cart-events.ts).
 */
import { defaultShippingSettings } from "../../domain/checkout/totals";
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
