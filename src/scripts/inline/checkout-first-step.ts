/**
 * Inlined in the <head> of the checkout (/payment, /Payment: CheckoutScreen.astro), framework-free, so that the static
 * HTML paints the first layout that will stay (issue 30, decision record 045). It writes on <html> only, never into
 * the island (whose markup must stay what the server rendered, for React's hydration); CSS reads it
 * (src/styles/site.css):
 * - data-session-hint: "signed-in" when the API's readable hint cookie `signed_in=1` is there (a session may exist:
 *   the form's layout), else "signed-out" (certainly nobody: the sign-in panel); the same test as stores/session.ts;
 * - --checkout-cart-lines: the stored cart's line count (localStorage "cart", stores/cart.ts), the room of the
 *   summary's lines; --checkout-promo-rows: 1 when a promo is stored ("applied_promo", stores/checkout.ts), the room
 *   of its line in the totals.
 */
(() => {
  const root = document.documentElement;
  root.dataset.sessionHint = document.cookie.split(/;\s*/).includes("signed_in=1")
    ? "signed-in"
    : "signed-out";
  try {
    const lines = JSON.parse(localStorage.getItem("cart") || "[]");
    if (Array.isArray(lines))
      root.style.setProperty("--checkout-cart-lines", String(Math.min(lines.length, 50)));
    if (localStorage.getItem("applied_promo")) root.style.setProperty("--checkout-promo-rows", "1");
  } catch {}
})();
