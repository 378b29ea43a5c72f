/**
 * Inlined in the <head> of the checkout (/payment, /Payment: CheckoutScreen.astro), framework-free, so that the static
 * HTML paints the first layout that will stay (decision record 045). It writes on <html> only, never into
 * the island (whose markup must stay what the server rendered, for React's hydration); CSS reads it
 * (src/styles/site.css). Compiled from TypeScript like cart-boot.ts (compile.ts), so it reads the hint cookie and the
 * stored cart through the very rules the island's stores use:
 * - data-checkout-first: the first step the island will show: "customer" (the hint cookie: the form with the address
 *   book), "guest" (no hint, and this tab chose « Commander sans compte »: the form with the guest's e-mail and
 *   address; the same sessionStorage entry stores/guest-checkout.ts reads), else "sign_in" (the panel);
 * - --checkout-cart-lines: the stored cart's valid lines (the lines the island will show), the room of the summary's
 *   lines; --checkout-promo-rows: 1 when a valid promo is stored, the room of its line in the totals.
 * A cart without a valid line has nothing to pay for: the page goes back to /cart at once, as the island would once
 * hydrated, instead of painting a step and waiting for the framework to leave it (a first visit of
 * /payment painted /cart only after React had loaded, 3.7 times the minimal page's LCP).
 */
import { hasSessionHint } from "../../lib/session-hint";
import { readStoredCart, readStoredPromo } from "../../lib/stored-cart";
import { readGuestChoice } from "../../stores/guest-checkout";

const lines = readStoredCart().length;
if (lines === 0) window.location.replace("/cart");
const root = document.documentElement;
root.dataset.checkoutFirst = hasSessionHint() ? "customer" : readGuestChoice() ? "guest" : "sign_in";
root.style.setProperty("--checkout-cart-lines", String(Math.min(lines, 50)));
if (readStoredPromo()) root.style.setProperty("--checkout-promo-rows", "1");
