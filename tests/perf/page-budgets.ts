/**
 * What each prebuilt page may load before any interaction, in KB brotli (issue 30): its HTML with the critical CSS
 * inlined, the scripts it runs without interaction, its stylesheets. Checked over HTTP by the CI run
 * (tests/e2e/performance.spec.ts) and printed beside the measured figures by `npm run bench:bytes`.
 * The HTML of a page a visitor lands on fits the first round trip with its headers: 10 TCP segments (~14.6 KB), of which
 * the answer's headers take ~1.6 KB (most of it the Content-Security-Policy's script hashes), so 13 KB of HTML. Issue
 * 30 tried the home's hero picture inline in the HTML (+2 KB): the HTML then took a second round trip and the whole
 * first paint came later, so the picture stays a file. Content pages run at most 15 KB of scripts and no framework
 * (issue 17). The screens built on islands keep room for React's runtime (one chunk of ~58 KB, decision record 050)
 * and their island, and the typed API client (openapi-fetch, ~2.5 KB), with about 1 KB to spare.
 */
export interface PageBudget {
  html: number;
  js: number;
  css: number;
}

const CONTENT: PageBudget = { html: 13, js: 15, css: 10 };

export const PAGE_BUDGETS: Record<string, PageBudget> = {
  "/": CONTENT,
  "/product/1": CONTENT,
  "/faq": CONTENT,
  "/cgv": CONTENT,
  "/legal-mentions": CONTENT,
  "/copyright": CONTENT,
  "/returns-and-exchanges": CONTENT,
  "/accessibilite": CONTENT,
  "/liste-d-attente": CONTENT,
  "/avis-clients/desinscription": CONTENT,
  "/cette-page-n-existe-pas": CONTENT,
  "/maintenance": CONTENT,
  // No framework since issue 30: the stored cart painted by an inline script (in the HTML), then one small module.
  "/cart": { html: 13, js: 20, css: 10 },
  // React and the checkout island; PayPal's buttons, the address form and the success screen on demand. 94 since the
  // summary's lines announce a reduction (L112-1-1): its words and markup, shared with the cart and the cards, came
  // to 93.2 KB (from 92.1), measured with `npm run bench:bytes`.
  "/payment": { html: 13, js: 94, css: 10 },
  "/orders": { html: 13, js: 82, css: 10 },
  "/orders/track": { html: 13, js: 83, css: 10 },
  "/profile": { html: 13, js: 80, css: 10 },
  "/retractation": { html: 13, js: 79, css: 10 },
  "/reset-password": { html: 13, js: 75, css: 10 },
  // Issue 32: a guest's « Mes données » (a link asked by e-mail, then her export or erasure), and the attachment of
  // her past guest orders to her new account: a form and a few requests each, like the reset page.
  "/mes-donnees": { html: 13, js: 76, css: 10 },
  "/retrouver-mes-commandes": { html: 13, js: 75, css: 10 },
  // The panel with Statistiques; the other tabs load when opened (issue 43).
  "/admin": { html: 13, js: 90, css: 10 },
};

/** The built file a page's address is served from (an unknown address gets 404.html). */
export function pageFile(path: string): string {
  if (path === "/") return "index.html";
  if (path === "/cette-page-n-existe-pas") return "404.html";
  return `${path.slice(1)}/index.html`;
}
