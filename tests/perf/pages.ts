/**
 * The pages and states the shop's speed is measured in (issue 30), shared by the CI run (tests/e2e/performance.spec.ts)
 * and `npm run bench:lighthouse`: the prebuilt pages and the island pages as a first visit, then the cart, the checkout,
 * the orders and the profile in the states a shopper meets them in. A state is set up in the Lighthouse browser's profile before its pages are measured,
 * and first visits come first: Lighthouse clears the origin's storage before a page measured without `keepStorage`.
 */
import type { BrowserContext } from "@playwright/test";
import { fillCart, prepareShopper } from "./shopper";

export interface MeasuredPage {
  label: string;
  path: string;
  /** Measured with the cookies and the cart the state put in the profile (no storage reset). */
  keepStorage: boolean;
  /** The cart or the checkout: its own bounds (issue 30). */
  shop: boolean;
  /** A signed-in page whose largest content is read from the API after hydration (/orders, /profile): its own bound. */
  readsApi?: boolean;
}

interface State {
  /** Sets the state up in the profile; none for a first visit. */
  setUp?: (context: BrowserContext, origin: string) => Promise<void>;
  pages: MeasuredPage[];
}

const firstVisit = (path: string, label = path, shop = false): MeasuredPage => ({
  label,
  path,
  keepStorage: false,
  shop,
});
const kept = (path: string, label: string): MeasuredPage => ({ label, path, keepStorage: true, shop: true });

/** The prebuilt content and catalogue pages, measured as a first visit. */
export const PREBUILT_PAGES = ["/", "/product/1", "/faq", "/cgv", "/cette-page-n-existe-pas"];

/**
 * The island pages as a first visit (issue 43): a visitor's /payment has no cart and goes back to /cart; the others
 * show their signed-out screen or the withdrawal form. Each must paint without moving anything.
 */
const ISLAND_FIRST_VISITS = [
  firstVisit("/payment", "/payment (first visit, no cart)", true),
  firstVisit("/retractation", "/retractation", true),
  firstVisit("/orders", "/orders (visitor)", true),
  firstVisit("/admin", "/admin (visitor)", true),
];

const STATES: State[] = [
  {
    pages: [
      ...PREBUILT_PAGES.map((path) => firstVisit(path)),
      firstVisit("/cart", "/cart (empty)", true),
      ...ISLAND_FIRST_VISITS,
    ],
  },
  {
    setUp: fillCart,
    pages: [kept("/cart", "/cart (visitor, items)"), kept("/payment", "/payment (visitor, items)")],
  },
  {
    setUp: prepareShopper,
    pages: [
      kept("/cart", "/cart (signed in, items)"),
      kept("/payment", "/payment (signed in, items)"),
      { ...kept("/orders", "/orders (signed in)"), readsApi: true },
      { ...kept("/profile", "/profile (signed in)"), readsApi: true },
    ],
  },
];

/**
 * Every page in the order it can be measured in, each state set up just before its pages: in every origin given (a
 * before/after of two builds), so that the pages of a state can be measured alternately in each.
 */
export async function forEachMeasuredPage(
  context: BrowserContext,
  origins: string | string[],
  run: (page: MeasuredPage, urls: string[]) => Promise<void>,
): Promise<void> {
  const all = typeof origins === "string" ? [origins] : origins;
  for (const state of STATES) {
    for (const origin of all) await state.setUp?.(context, origin);
    for (const page of state.pages)
      await run(
        page,
        all.map((origin) => new URL(page.path, origin).href),
      );
  }
}
