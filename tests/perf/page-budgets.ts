/**
 * What each prebuilt page may load before any interaction, in KB brotli (issue 30): its HTML with the critical CSS
 * inlined, the scripts it runs without interaction, its stylesheets. Checked over HTTP by the CI run
 * (tests/e2e/performance.spec.ts) and printed beside the measured figures by `npm run bench:bytes`.
 * The HTML of a page a visitor lands on fits the first round trip (10 TCP segments, 14 KB); content pages run at most
 * 15 KB of scripts and no framework (issue 17). The screens still built on React islands keep room for React (54 KB)
 * and their island.
 */
export interface PageBudget {
  html: number;
  js: number;
  css: number;
}

const CONTENT: PageBudget = { html: 14, js: 15, css: 10 };

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
  "/cette-page-n-existe-pas": CONTENT,
  "/maintenance": CONTENT,
  // No framework since issue 30: the stored cart painted by an inline script (in the HTML), then one small module.
  "/cart": { html: 14, js: 20, css: 10 },
  // React (54 KB) and the checkout island; PayPal's buttons, the address form and the success screen on demand.
  "/payment": { html: 14, js: 90, css: 10 },
  "/orders": { html: 14, js: 200, css: 10 },
  "/orders/track": { html: 14, js: 200, css: 10 },
  "/profile": { html: 14, js: 200, css: 10 },
  "/retractation": { html: 14, js: 200, css: 10 },
  "/reset-password": { html: 14, js: 200, css: 10 },
  "/admin": { html: 14, js: 400, css: 10 },
};

/** The built file a page's address is served from (an unknown address gets 404.html). */
export function pageFile(path: string): string {
  if (path === "/") return "index.html";
  if (path === "/cette-page-n-existe-pas") return "404.html";
  return `${path.slice(1)}/index.html`;
}
