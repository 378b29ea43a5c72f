/**
 * Inlined in the <head> of the checkout (/payment, /Payment: CheckoutScreen.astro), framework-free, so that the static
 * HTML paints the first layout that will stay (issue 30, decision record 045). It writes on <html> only, never into
 * the island (whose markup must stay what the server rendered, for Preact's hydration); CSS reads it
 * (src/styles/site.css). Compiled from TypeScript like cart-boot.ts (compile.ts), so it reads the hint cookie and the
 * stored cart through the very rules the island's stores use:
 * - data-session-hint: "signed-in" when the API's readable hint cookie is there (a session may exist: the form's
 *   layout), else "signed-out" (certainly nobody);
 * - data-checkout-first: the first step the island will show: "customer" (the hint cookie: the form with the address
 *   book), "guest" (no hint, and this tab chose « Commander sans compte »: the form with the guest's e-mail and
 *   address, issue 32; the same sessionStorage entry stores/guest-checkout.ts reads), else "sign_in" (the panel);
 * - --checkout-cart-lines: the stored cart's valid lines (the lines the island will show), the room of the summary's
 *   lines; --checkout-promo-rows: 1 when a valid promo is stored, the room of its line in the totals.
 */
import { hasSessionHint } from "../../lib/session-hint";
import { readStoredCart, readStoredPromo } from "../../lib/stored-cart";
import { readGuestChoice } from "../../stores/guest-checkout";

const root = document.documentElement;
const hint = hasSessionHint();
root.dataset.sessionHint = hint ? "signed-in" : "signed-out";
root.dataset.checkoutFirst = hint ? "customer" : readGuestChoice() ? "guest" : "sign_in";
root.style.setProperty("--checkout-cart-lines", String(Math.min(readStoredCart().length, 50)));
if (readStoredPromo()) root.style.setProperty("--checkout-promo-rows", "1");
