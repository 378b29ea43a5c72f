/**
 * Inlined in the <head> of the checkout, framework-free, so that the static HTML paints the first layout that will
 * stay (decision record 045). It writes on <html> only, never into the island, whose markup must stay what the
 * server rendered for hydration; CSS reads it (src/styles/site.css). Compiled from TypeScript (compile.ts), so it reads
 * the hint cookie and the stored cart through the very rules the island's stores use:
 * - data-checkout-first: "customer" (the hint cookie), "guest" (no hint, and this tab chose « Commander sans
 *   compte »), else "sign_in";
 * - --checkout-cart-lines and --checkout-promo-rows: the room of the summary's lines and of the promo's line.
 * A cart without a valid line goes back to /cart at once: waiting for React to do it costs 3.7 times the minimal
 * page's LCP.
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
