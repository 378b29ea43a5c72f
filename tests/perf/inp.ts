/**
 * Interaction to Next Paint (issue 30) of the shop's interactions, measured as a phone measures it: Playwright's
 * « Moto G4 » (the mid-range phone Lighthouse long emulated: 360 × 640, DPR 3, touch, mobile user agent) with the CPU
 * slowed 4x through the DevTools protocol, and the figure read by Google's `web-vitals` library itself (the code
 * field data comes from), not by a formula of ours.
 *
 * Each interaction is measured RUNS times, each on a fresh page with the same stored state (so each run does the same
 * work), and its figure is the median. A run:
 *  1. opens a new page, puts web-vitals in it before any script of the shop (an init script: the browser runs it
 *     outside the page's Content-Security-Policy) and writes the run's storage (the cart, no promo);
 *  2. loads the page at full speed and waits until it has settled (network idle, islands hydrated, deferred modules
 *     in place, the main thread idle), then checks that no interaction was counted yet;
 *  3. slows the CPU 4x, taps (touch events, then the click they make), and asserts what the customer sees change
 *     (a dead button fails the run instead of measuring nothing fast);
 *  4. waits two frames, then has web-vitals hand over its final figure as it does when a tab is hidden (a synthetic
 *     `visibilitychange`: headless Chromium never hides a tab), so no entry is left waiting for an idle period.
 * web-vitals reports nothing for an interaction under Event Timing's 16 ms floor (durationThreshold 16) unless it is
 * the page's first input: that run is recorded as null and shown « < 16 ms », never as 0.
 *
 * The harness proves it can fail: SELF_CHECK is a page whose button busies the main thread for 200 ms, and must
 * measure >= 200 ms (tests/e2e/interaction-speed.spec.ts and scripts/bench/inp.ts run it first).
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import {
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  devices,
  expect,
  type Locator,
  type Page,
  request,
} from "@playwright/test";
import { FRENCH_ADDRESS } from "../support/addresses";
import { PROMO_FORM } from "../support/promos";

/** The phone: Playwright's descriptor (viewport, DPR, touch, mobile user agent). */
export const PHONE = devices["Moto G4"];
/** The CPU slowdown of the issue (and of Lighthouse's mobile profile). */
export const CPU_SLOWDOWN = 4;
/** Runs per interaction; the figure is their median. */
export const RUNS = 5;
/** The target: one frame budget at most for every interaction (INP "good" is 200 ms; ours is tighter). */
export const INP_TARGET_MS = 100;
/** The smallest durationThreshold Event Timing accepts: a shorter interaction yields no entry, hence no report. */
export const EVENT_TIMING_FLOOR_MS = 16;
/** The self-check's handler busies the main thread this long: the harness must measure at least as much. */
export const SELF_CHECK_BUSY_MS = 200;

const require = createRequire(import.meta.url);
/** web-vitals' IIFE build (defines `webVitals`), beside its CommonJS entry (the package exports no path to it). */
const WEB_VITALS_IIFE = readFileSync(
  join(dirname(require.resolve("web-vitals")), "web-vitals.iife.js"),
  "utf8",
);

/** What a report keeps of web-vitals' INP metric: its value and the Event Timing entries behind it. */
interface InpReport {
  value: number;
  entries: { name: string; duration: number; delay: number; processing: number }[];
}

declare global {
  interface Window {
    __inpReports?: InpReport[];
  }
}

/** Runs in the page (and its frames) before any of its scripts: web-vitals' onINP, every change kept. */
const INIT_SCRIPT = `if (window.top === window) {
${WEB_VITALS_IIFE}
window.__inpReports = [];
webVitals.onINP((metric) => {
  window.__inpReports.push({
    value: metric.value,
    entries: metric.entries.map((entry) => ({
      name: entry.name,
      duration: entry.duration,
      delay: entry.processingStart - entry.startTime,
      processing: entry.processingEnd - entry.processingStart,
    })),
  });
}, { reportAllChanges: true, durationThreshold: ${EVENT_TIMING_FLOOR_MS} });
}`;

/** One interaction of the benchmark, on a page of `origin`. */
export interface Interaction {
  name: string;
  path: string;
  /** localStorage entries written before the page's scripts run, each run (null: removed). */
  storage?: Record<string, string | null>;
  /** Anything the page needs set up before it loads (routes). */
  before?(page: Page): Promise<void>;
  /**
   * Waits for the page's state before the tap and prepares what is no interaction (a field filled without key
   * events); the harness then waits for the target to be enabled.
   */
  ready(page: Page): Promise<void>;
  /** What the one interaction measured taps. */
  target(page: Page): Locator;
  /** Asserts what the customer sees changed; throws otherwise. */
  check(page: Page): Promise<void>;
}

export interface Measured {
  name: string;
  /** INP of each run in ms; null: no report, the interaction stayed under 16 ms. */
  runs: (number | null)[];
  median: number | null;
  max: number | null;
}

/** Lower is better; null (under the 16 ms floor) sorts first. */
const byDuration = (a: number | null, b: number | null) => (a ?? -1) - (b ?? -1);

/** The runs' median (the lower middle one for an even count) and maximum. */
export function summarize(name: string, runs: (number | null)[]): Measured {
  const sorted = [...runs].sort(byDuration);
  return {
    name,
    runs,
    median: sorted[Math.floor((sorted.length - 1) / 2)] ?? null,
    max: sorted.at(-1) ?? null,
  };
}

/** A figure as printed: « < 16 ms » when the browser reported nothing. */
export const formatMs = (value: number | null) =>
  value === null ? `< ${EVENT_TIMING_FLOOR_MS} ms` : `${Math.round(value)} ms`;

/**
 * A phone's browser context (French, Paris time) on `origin`. Without the shop's service worker: Playwright's routes
 * (the self-check's page, the checkout's settings) do not see what a service worker answers, and every run is then a
 * page as its network serves it.
 */
export async function phoneContext(browser: Browser, origin: string): Promise<BrowserContext> {
  return await browser.newContext({
    ...PHONE,
    baseURL: origin,
    locale: "fr-FR",
    timezoneId: "Europe/Paris",
    serviceWorkers: "block",
  });
}

/** Waits until the page has nothing left to do before a customer would tap: loaded, hydrated, idle. */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState("load");
  // Polling requests would keep the network busy forever: idle or not after 5 s, the checks below still hold.
  await page.waitForLoadState("networkidle", { timeout: 5000 }).catch(() => undefined);
  await page.waitForFunction(
    () =>
      !document.querySelector("astro-island[ssr], template[data-deferred-module]") &&
      document.readyState === "complete",
  );
  await idle(page);
}

/** The main thread has had nothing to do for a moment (or 2 s have passed). */
async function idle(page: Page): Promise<void> {
  await page.evaluate(
    () => new Promise((resolve) => requestIdleCallback(() => resolve(null), { timeout: 2000 })),
  );
}

async function inpReports(page: Page): Promise<InpReport[]> {
  return await page.evaluate(() => window.__inpReports ?? []);
}

/** One run of `interaction` on a fresh page of `context`: its INP in ms, or null under the 16 ms floor. */
export async function measureOnce(
  context: BrowserContext,
  interaction: Interaction,
): Promise<{ value: number | null; report: InpReport | null }> {
  const page = await context.newPage();
  try {
    await page.addInitScript(INIT_SCRIPT);
    if (interaction.storage) {
      await page.addInitScript((entries: Record<string, string | null>) => {
        if (window.top !== window || location.protocol === "about:") return;
        for (const [key, value] of Object.entries(entries)) {
          if (value === null) localStorage.removeItem(key);
          else localStorage.setItem(key, value);
        }
      }, interaction.storage);
    }
    await interaction.before?.(page);
    await page.goto(interaction.path);
    await settle(page);
    await interaction.ready(page);
    const target = interaction.target(page);
    // Scrolled to first, so that no scrolling frame overlaps the interaction.
    await expect(target).toBeEnabled();
    await target.scrollIntoViewIfNeeded();
    await idle(page);
    const early = await inpReports(page);
    if (early.length > 0)
      throw new Error(
        `${interaction.name}: an interaction was counted before the one measured (${early[0]?.value} ms)`,
      );
    const cdp = await context.newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
    // Forced: Playwright's check that the tap lands on the target runs listeners (with hit tests) in the page during
    // the very events measured; ready() has already waited for the target, and check() proves the tap worked.
    await target.tap({ force: true });
    await interaction.check(page);
    const reports = await page.evaluate(async () => {
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      // What web-vitals does when the tab is hidden: every entry taken now, the figure reported at once.
      Object.defineProperty(document, "visibilityState", { value: "hidden", configurable: true });
      document.dispatchEvent(new Event("visibilitychange", { bubbles: true }));
      Reflect.deleteProperty(document, "visibilityState");
      return window.__inpReports ?? [];
    });
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
    const last = reports.at(-1) ?? null;
    return { value: last?.value ?? null, report: last };
  } finally {
    await page.close();
  }
}

/** RUNS runs of `interaction`; `onRun` hears each figure (for progress lines). */
export async function measure(
  context: BrowserContext,
  interaction: Interaction,
  {
    runs = RUNS,
    onRun,
  }: { runs?: number; onRun?: (value: number | null, report: InpReport | null) => void } = {},
): Promise<Measured> {
  const values: (number | null)[] = [];
  for (let run = 0; run < runs; run += 1) {
    const { value, report } = await measureOnce(context, interaction);
    values.push(value);
    onRun?.(value, report);
  }
  return summarize(interaction.name, values);
}

/** A page of our own on the shop's origin (a route: no request reaches the shop), with one button and its handler. */
function ownPage(
  path: string,
  handler: string,
): Pick<Interaction, "path" | "before" | "ready" | "target" | "check"> {
  return {
    path,
    async before(page) {
      await page.route(`**${path}`, (route) =>
        route.fulfill({
          contentType: "text/html; charset=utf-8",
          body: `<!doctype html><html lang="fr"><meta name="viewport" content="width=device-width">
<title>Mesure</title><button type="button" id="act">Agir</button><output id="out"></output>
<script>
document.getElementById("act").addEventListener("click", () => {
  ${handler}
  document.getElementById("out").textContent = "Fait";
});
</script></html>`,
        }),
      );
    },
    async ready(page) {
      await expect(page.getByRole("button", { name: "Agir" })).toBeVisible();
    },
    target(page) {
      return page.getByRole("button", { name: "Agir" });
    },
    async check(page) {
      await expect(page.getByRole("status")).toHaveText("Fait");
    },
  };
}

/**
 * The harness's own proof: a page whose button busies the main thread SELF_CHECK_BUSY_MS before it says « Fait ».
 * Measured like the others, it must read at least that much.
 */
export const SELF_CHECK: Interaction = {
  name: `auto-contrôle : gestionnaire de ${SELF_CHECK_BUSY_MS} ms`,
  ...ownPage(
    "/__inp-self-check",
    `const end = performance.now() + ${SELF_CHECK_BUSY_MS};
  while (performance.now() < end) {}`,
  ),
};

/**
 * The floor of this browser on this machine: a bare page whose button only writes a word. What the shop's
 * interactions take beyond it is the shop's (the minimal page of the Lighthouse benchmark, for interactions).
 */
export const BARE_PAGE: Interaction = {
  name: "témoin : page nue, un mot écrit",
  ...ownPage("/__inp-bare-page", ""),
};

/** What the shop's interactions need: a customer signed in within the context, their cart, a promo code. */
export interface InpShopper {
  fullName: string;
  product: { id: number; name: string };
  /** The stored cart with one line of the product, quantity 1, as the product page writes it. */
  cartOfOne: string;
  /** The same line, quantity 2 (so that « − » has something to take away). */
  cartOfTwo: string;
  /** The second address's first line: the checkout selects the first (default) one. */
  otherAddressLine: string;
  /** A promo code created by the owner for this run; null without the owner's credentials. */
  promoCode: string | null;
}

async function ok<T extends { ok(): boolean; status(): number; url(): string; text(): Promise<string> }>(
  response: Promise<T>,
): Promise<T> {
  const answer = await response;
  if (!answer.ok()) throw new Error(`${answer.url()}: ${answer.status()} ${await answer.text()}`);
  return answer;
}

/** A 10 % promo code (the owner's form, tests/support/promos.ts) created through the admin API. */
async function createPromoAsOwner(
  origin: string,
  owner: { email: string; password: string },
): Promise<string> {
  const api: APIRequestContext = await request.newContext({ baseURL: origin });
  try {
    await ok(api.post("/api/auth/signin", { data: owner }));
    const code = `INP${Date.now().toString(36)}`.toUpperCase();
    await ok(api.post("/api/admin/promo", { data: { ...PROMO_FORM, code, description: "Mesure INP" } }));
    return code;
  } finally {
    await api.dispose();
  }
}

/**
 * Signs a new customer up and in within `context` (cookies shared by its pages), gives them two addresses in France,
 * and records the cart the product page writes for one soap; creates a promo code when the owner's credentials are
 * given.
 */
export async function prepareInpShopper(
  context: BrowserContext,
  origin: string,
  owner: { email: string; password: string } | null,
  productId = 1,
): Promise<InpShopper> {
  const api = context.request;
  const fullName = "Inès Mesure";
  const email = `inp-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}@example.fr`;
  const password = "savon-123";
  await ok(api.post(`${origin}/api/auth/signup`, { data: { email, password, fullName } }));
  await ok(api.post(`${origin}/api/auth/signin`, { data: { email, password } }));
  const address = { ...FRENCH_ADDRESS, first_name: "Inès", last_name: "Mesure", country: "France" };
  await ok(api.post(`${origin}/api/user/addresses`, { data: address }));
  const otherAddressLine = "12 cours Julien";
  await ok(
    api.post(`${origin}/api/user/addresses`, { data: { ...address, address_line1: otherAddressLine } }),
  );
  const product = (await (await ok(api.get(`${origin}/api/products/${productId}`))).json()) as {
    id: number;
    name: string;
  };

  const page = await context.newPage();
  try {
    await page.goto(`${origin}/product/${productId}`);
    await page
      .locator("[data-buy-box][data-ready]")
      .getByRole("button", { name: "Ajouter au panier" })
      .click();
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem("cart")), { message: "the soap reached the cart" })
      .toMatch(/"quantity":1\b/);
    const cartOfOne = (await page.evaluate(() => localStorage.getItem("cart"))) as string;
    await page.evaluate(() => {
      localStorage.removeItem("cart");
      localStorage.removeItem("applied_promo");
    });
    const lines = JSON.parse(cartOfOne) as { quantity: number }[];
    const cartOfTwo = JSON.stringify(lines.map((line) => ({ ...line, quantity: 2 })));
    return {
      fullName,
      product: { id: product.id, name: product.name },
      cartOfOne,
      cartOfTwo,
      otherAddressLine,
      promoCode: owner ? await createPromoAsOwner(origin, owner) : null,
    };
  } finally {
    await page.close();
  }
}

/** The interactions, in the order they are measured and printed. */
export const SHOP_INTERACTIONS = {
  addToCart: "« Ajouter au panier » (/product/1)",
  plus: "« + » sur une ligne (/cart)",
  minus: "« − » sur une ligne (/cart)",
  promo: "appliquer un code promo (/cart)",
  address: "choisir l'autre adresse (/payment)",
  transfer: "choisir « Virement bancaire » (/payment)",
  accountMenu: "ouvrir le menu du compte (/)",
  faq: "ouvrir une réponse (/faq)",
} as const;

/** « Quantité de X », the cart line's quantity as its status reads it. */
const quantityOf = (page: Page, name: string) => page.getByRole("status", { name: `Quantité de ${name}` });

/** « + » or « − » on the cart's line of `product`, from the stored cart showing `from` to `to`. */
function quantityStep(
  name: string,
  verb: "Augmenter" | "Diminuer",
  product: string,
  [cart, from]: [string, string],
  to: string,
): Interaction {
  return {
    name,
    path: "/cart",
    storage: { cart, applied_promo: null },
    async ready(page) {
      await expect(quantityOf(page, product)).toHaveText(from);
    },
    target: (page) => page.getByRole("button", { name: `${verb} la quantité de ${product}` }),
    async check(page) {
      await expect(quantityOf(page, product)).toHaveText(to);
    },
  };
}

/**
 * The interactions, found by their accessible names (the cart's and the checkout's markup is being
 * rewritten; their names stay): each prepared with the same stored state at every run.
 */
export function shopInteractions(shopper: InpShopper): Interaction[] {
  const { product } = shopper;
  const noPromo = { applied_promo: null };
  const interactions: Interaction[] = [
    {
      name: SHOP_INTERACTIONS.addToCart,
      path: `/product/${product.id}`,
      storage: { cart: null, ...noPromo },
      async ready(page) {
        // The static button works once the buy box's script has run (src/scripts/storefront/buy-box.ts).
        await expect(page.locator("[data-buy-box][data-ready]")).toBeAttached();
      },
      target: (page) => page.getByRole("button", { name: "Ajouter au panier" }),
      async check(page) {
        // What stays (« Ajouté au panier! » lasts 1 s, which a loaded machine's polling can miss).
        await expect(page.getByText("Déjà 1 dans votre panier.")).toBeVisible();
        await expect(page.getByRole("banner").getByRole("link", { name: /Panier/ })).toContainText("1");
      },
    },
    quantityStep(SHOP_INTERACTIONS.plus, "Augmenter", product.name, [shopper.cartOfOne, "1"], "2"),
    quantityStep(SHOP_INTERACTIONS.minus, "Diminuer", product.name, [shopper.cartOfTwo, "2"], "1"),
  ];
  const { promoCode } = shopper;
  if (promoCode)
    interactions.push({
      name: SHOP_INTERACTIONS.promo,
      path: "/cart",
      storage: { cart: shopper.cartOfOne, ...noPromo },
      async ready(page) {
        // fill() inserts the text without key events: no interaction before the one measured.
        await page.getByLabel("Code promo").fill(promoCode);
        await expect(page.getByRole("button", { name: "Appliquer" })).toBeEnabled();
      },
      target(page) {
        return page.getByRole("button", { name: "Appliquer" });
      },
      async check(page) {
        await expect(page.getByText(`Réduction (${promoCode})`).first()).toBeVisible();
      },
    });
  interactions.push(
    {
      name: SHOP_INTERACTIONS.address,
      path: "/payment",
      storage: { cart: shopper.cartOfOne, ...noPromo },
      async ready(page) {
        await expect(page.getByRole("radio", { name: /5 rue du Four/ })).toBeChecked();
      },
      target(page) {
        return page.getByRole("radio", { name: new RegExp(shopper.otherAddressLine) });
      },
      async check(page) {
        await expect(page.getByRole("radio", { name: new RegExp(shopper.otherAddressLine) })).toBeChecked();
      },
    },
    {
      name: SHOP_INTERACTIONS.transfer,
      path: "/payment",
      storage: { cart: shopper.cartOfOne, ...noPromo },
      // The choice exists only where both methods are offered: the checkout's settings are answered as a shop with
      // PayPal set up would answer them (PayPal is the first choice), and PayPal's script by an empty stand-in, so
      // that the tap switches from PayPal to the transfer as on a shop that offers both.
      async before(page) {
        await page.route("**/api/settings/checkout", async (route) => {
          const response = await route.fetch();
          const settings = (await response.json()) as Record<string, unknown>;
          await route.fulfill({
            response,
            json: { ...settings, paypal: { configured: true, client_id: "inp-benchmark", sandbox: true } },
          });
        });
        await page.route("https://www.paypal.com/sdk/js*", (route) =>
          route.fulfill({ contentType: "application/javascript", body: "" }),
        );
      },
      async ready(page) {
        await expect(page.getByRole("radio", { name: /PayPal/ })).toBeChecked();
      },
      target(page) {
        return page.getByRole("radio", { name: /Virement bancaire/ });
      },
      async check(page) {
        await expect(page.getByRole("radio", { name: /Virement bancaire/ })).toBeChecked();
        await expect(page.getByLabel("Nom de la personne qui effectuera le virement")).toBeVisible();
      },
    },
    {
      name: SHOP_INTERACTIONS.accountMenu,
      path: "/",
      storage: { cart: shopper.cartOfOne, ...noPromo },
      async ready(page) {
        await expect(
          page.getByRole("banner").getByRole("button", { name: shopper.fullName }),
        ).toHaveAttribute("aria-expanded", "false");
      },
      target(page) {
        return page.getByRole("banner").getByRole("button", { name: shopper.fullName });
      },
      async check(page) {
        await expect(
          page.getByRole("banner").getByRole("button", { name: shopper.fullName }),
        ).toHaveAttribute("aria-expanded", "true");
        await expect(page.getByRole("banner").getByRole("link", { name: "Mes commandes" })).toBeVisible();
      },
    },
    {
      name: SHOP_INTERACTIONS.faq,
      path: "/faq",
      storage: { cart: shopper.cartOfOne, ...noPromo },
      async ready(page) {
        await expect(page.getByText("La différence tient à la proportion")).toBeHidden();
      },
      target(page) {
        return page.getByText("Quelle différence entre les savons Standard, Premium et Super Premium");
      },
      async check(page) {
        await expect(page.getByText("La différence tient à la proportion")).toBeVisible();
      },
    },
  );
  return interactions;
}
