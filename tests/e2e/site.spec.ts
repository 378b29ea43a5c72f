import { seedProducts } from "../../functions/platform/db/seed-catalog";
import { getSetting, putSetting } from "../../functions/settings/service";
import { E2E_ADMIN, E2E_PORT } from "../../playwright.config";
import { LEGAL_PAGES } from "../../src/domain/settings/maintenance";
import type { MaintenanceSetting } from "../../src/domain/settings/settings";
import { RGAA_MODEL_SECTIONS } from "../support/rgaa";
import { expect, type Page, test } from "./fixtures";
import { sendSignInDialog, shopDeps } from "./support";

/**
 * Site-wide features (issue 7): maintenance mode, static pages, FAQ, service worker and offline pages, install
 * prompt, search-engine files and metadata, audience-measurement consent.
 *
 * The e2e build has no analytics measurement id, so the default run checks that nothing at all is measured.
 * Run with PUBLIC_GA_MEASUREMENT_ID=G-E2ETEST to build the shop with one: the consent journeys then run too
 * (Google's script is answered by a stub; nothing leaves the machine).
 */
const deps = shopDeps();
const origin = `http://localhost:${E2E_PORT}`;
/** The origin the site was built with (SITE_URL): each run builds its own site, in its own data folder. */
const builtUrl = (path: string) => new RegExp(`^${origin}${path.replace(/[.?*+()[\]]/g, "\\$&")}$`);
const gaBuild = Boolean(process.env.PUBLIC_GA_MEASUREMENT_ID);
const GOOGLE = /googletagmanager\.com|google-analytics\.com|analytics\.google\.com/;

const staticPages = [
  { path: "/returns-and-exchanges", title: "Retours et échanges" },
  { path: "/faq", title: "Questions fréquentes" },
  { path: "/cgv", title: "Conditions générales de vente" },
  { path: "/legal-mentions", title: "Mentions légales" },
  { path: "/copyright", title: "Droits d'auteur et protection du contenu" },
  { path: "/accessibilite", title: "Déclaration d'accessibilité" },
];

const MAINTENANCE_MESSAGE = "Inventaire annuel de la savonnerie.";

async function setMaintenance(
  base: MaintenanceSetting,
  enabled: boolean,
  endsInMs = ((26 * 60 + 3) * 60 + 40) * 1000,
) {
  await putSetting(deps, "maintenance", {
    ...base,
    enabled,
    message: MAINTENANCE_MESSAGE,
    ends_at: enabled ? new Date(Date.now() + endsInMs).toISOString() : null,
  });
}

/** The 4 numbers of the countdown (days, hours, minutes, seconds). */
async function countdownValues(page: Page): Promise<number[]> {
  const texts = await page.getByTestId("countdown").locator("span.font-serif").allTextContents();
  return texts.map(Number);
}

test.describe("maintenance mode", () => {
  let saved: MaintenanceSetting;
  test.beforeEach(async () => {
    saved = await getSetting(deps, "maintenance");
  });
  test.afterEach(async () => {
    await putSetting(deps, "maintenance", saved);
  });

  test("every visitor sees the maintenance page and its ticking countdown, then comes back", async ({
    page,
  }) => {
    await setMaintenance(saved, true);

    await page.goto("/");
    await expect(page).toHaveURL(`${origin}/maintenance`);
    await expect(page.getByRole("heading", { level: 1, name: "Maintenance en Cours" })).toBeVisible();
    await expect(page.getByText(MAINTENANCE_MESSAGE)).toBeVisible();
    await expect(page.getByRole("img", { name: /Savonnerie/ })).toBeVisible();
    await expect(page.getByTestId("current-time")).toHaveText(/^\d{2}:\d{2}:\d{2}$/);
    await expect(page.getByTestId("countdown")).toContainText("Jours");
    await expect(page.getByTestId("countdown")).toContainText("Secondes");
    await expect.poll(() => countdownValues(page)).toEqual([1, 2, 3, expect.any(Number)]);
    const before = await countdownValues(page);
    await expect.poll(() => countdownValues(page), { timeout: 3000 }).not.toEqual(before);
    await expect(page.getByRole("link", { name: "Accéder à l'administration" })).toHaveCount(0);

    const product = `/product/2`;
    await page.goto(product);
    await expect(page).toHaveURL(`${origin}/maintenance?from=${encodeURIComponent(product)}`);
    await expect(page.getByRole("heading", { name: "Maintenance en Cours" })).toBeVisible();

    // Still on: 'Actualiser' stays; off: it brings the visitor back to the page they wanted.
    await page.getByRole("button", { name: "Actualiser" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Toujours en maintenance" })).toBeVisible();
    await setMaintenance(saved, false);
    await page.getByRole("button", { name: "Actualiser" }).click();
    await expect(page).toHaveURL(`${origin}${product}`);
    await expect(page.getByRole("heading", { level: 1, name: seedProducts[1]?.name })).toBeVisible();

    // Off: /maintenance itself sends visitors home.
    await page.goto("/maintenance");
    await expect(page).toHaveURL(`${origin}/`);
  });

  test("the withdrawal function and the legal pages stay open in maintenance, linked from its page (L221-21)", async ({
    page,
  }) => {
    await setMaintenance(saved, true);
    await page.goto("/");
    await expect(page).toHaveURL(`${origin}/maintenance`);
    const legal = page.getByRole("navigation", { name: "Toujours accessibles pendant la maintenance" });
    for (const { href, label } of LEGAL_PAGES) {
      await expect(legal.getByRole("link", { name: label, exact: true })).toHaveAttribute("href", href);
    }

    await legal.getByRole("link", { name: "Se rétracter du contrat ici" }).click();
    await expect(page).toHaveURL(/\/retractation$/);
    // This tab was just sent to /maintenance: a page maintenance leaves open must not be hidden meanwhile.
    expect(
      await page.evaluate(() => document.documentElement.classList.contains("maintenance-pending")),
    ).toBe(false);
    await expect(page.getByRole("heading", { level: 1, name: "Se rétracter du contrat" })).toBeVisible();
    await page.waitForLoadState("networkidle");
    await expect(page).toHaveURL(/\/retractation$/);
    // Usable: the look-up reaches the API and answers.
    await page.getByLabel("Numéro de commande").fill("ZZZZZZZZ");
    await page.getByLabel("Adresse e-mail de la commande").fill("quelquun@e2e.test");
    await page.getByRole("button", { name: "Retrouver ma commande" }).click();
    await expect(page.getByText(/Aucune commande ne correspond/)).toBeVisible();
    await expect(page).toHaveURL(/\/retractation$/);

    for (const { href } of LEGAL_PAGES.slice(1)) {
      await page.goto(href);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await page.waitForLoadState("networkidle");
      await expect(page).toHaveURL(new RegExp(`${href}$`));
    }
    // Any other page still waits for the end of maintenance.
    await page.goto("/faq");
    await expect(page).toHaveURL(/\/maintenance\?from=%2Ffaq$/);
  });

  test("the admin signs in from the maintenance page, reaches /admin and browses normally", async ({
    page,
  }) => {
    await setMaintenance(saved, true);
    await page.goto("/faq");
    await expect(page).toHaveURL(/\/maintenance\?from=%2Ffaq$/);

    await page.getByRole("button", { name: "Connexion", exact: true }).click();
    await sendSignInDialog(page, E2E_ADMIN);

    await page.getByRole("link", { name: "Accéder à l'administration" }).click();
    await expect(page).toHaveURL(`${origin}/admin`);
    await expect(page.getByRole("heading", { name: "Tableau de bord" })).toBeVisible();

    await page.goto("/product/1");
    await expect(page.getByRole("heading", { level: 1, name: seedProducts[0]?.name })).toBeVisible();
    await page.waitForLoadState("networkidle");
    await expect(page).toHaveURL(`${origin}/product/1`);
  });

  test("an admin's change takes effect at once on an open page (maintenance-changed)", async ({ page }) => {
    await page.goto("/faq");
    await expect(page.getByRole("heading", { level: 1, name: "Questions fréquentes" })).toBeVisible();
    await page.waitForLoadState("networkidle");
    await expect(page).toHaveURL(`${origin}/faq`);

    await setMaintenance(saved, true);
    await page.evaluate(() =>
      window.dispatchEvent(new CustomEvent("maintenance-changed", { detail: { enabled: true } })),
    );
    await expect(page).toHaveURL(/\/maintenance\?from=%2Ffaq$/);
    // The maintenance screen checks the state once on arrival: let that check see "on" before switching off,
    // or it may leave the page by itself while the event is being sent.
    await expect(page.getByText(MAINTENANCE_MESSAGE)).toBeVisible();
    await page.waitForLoadState("networkidle");

    await setMaintenance(saved, false);
    await page.evaluate(() =>
      window.dispatchEvent(new CustomEvent("maintenance-changed", { detail: { enabled: false } })),
    );
    await expect(page).toHaveURL(`${origin}/faq`);
  });

  test("a failed check means no maintenance", async ({ page }) => {
    await setMaintenance(saved, true);
    await page.route("**/api/settings/maintenance", (route) => route.fulfill({ status: 500, body: "{}" }));
    await page.goto("/cgv");
    await expect(
      page.getByRole("heading", { level: 1, name: "Conditions générales de vente" }),
    ).toBeVisible();
    await page.waitForLoadState("networkidle");
    await expect(page).toHaveURL(`${origin}/cgv`);
  });
});

test.describe("static pages", () => {
  for (const { path, title } of staticPages) {
    test(`${path} renders '${title}' with its metadata`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
      await expect(page).toHaveTitle(new RegExp(`^${title.replace(/[()]/g, "\\$&")} \\| `));
      const description = await page.locator('meta[name="description"]').getAttribute("content");
      expect(description?.length ?? 0).toBeGreaterThan(60);
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", builtUrl(path));
      await expect(page.locator('meta[property="og:url"]')).toHaveAttribute("content", builtUrl(path));
    });
  }

  test("the terms of sale have 10 articles, with withdrawal, guarantees and mediation", async ({ page }) => {
    await page.goto("/cgv");
    const articles = page.getByRole("heading", { level: 2, name: /^Article \d+ –/ });
    await expect(articles).toHaveCount(10);
    await expect(page.getByRole("heading", { name: "Article 7 – Droit de rétractation" })).toBeVisible();
    await expect(page.locator("#retractation ~ p").first()).toContainText("14 jours");
    await expect(page.getByText(/toutes taxes comprises \(TTC\)/)).toBeVisible();
    await expect(page.getByText(/garantie légale de conformité/).first()).toBeVisible();
    await expect(page.getByText(/vices cachés/).first()).toBeVisible();
    await expect(page.getByText(/médiateur de la consommation/).first()).toBeVisible();
  });

  test("the legal mentions name the publisher, the host and the CNIL", async ({ page }) => {
    await page.goto("/legal-mentions");
    await expect(page.getByText("Savonnerie d'Alep Artisanale").first()).toBeVisible();
    await expect(page.getByText("Amazon Web Services EMEA SARL")).toBeVisible();
    await expect(page.getByText("38 avenue John F. Kennedy, L-1855 Luxembourg")).toBeVisible();
    await expect(page.getByText("Directeur de la publication")).toBeVisible();
    await expect(page.getByText(/Commission nationale de l'informatique et des libertés/)).toBeVisible();
  });

  test("the returns page states 14 days and 7 working days", async ({ page }) => {
    await page.goto("/returns-and-exchanges");
    await expect(page.getByText(/14 jours/).first()).toBeVisible();
    await expect(page.getByText(/sous 7 jours ouvrés/).first()).toBeVisible();
    await expect(page.getByText(/non utilisés/).first()).toBeVisible();
  });

  test("the footer opens the terms of sale and the legal mentions in a new tab", async ({ page }) => {
    await page.goto("/");
    const footer = page.locator("footer");
    for (const name of ["Conditions générales de vente", "Mentions légales"]) {
      const link = footer.getByRole("link", { name: new RegExp(name) });
      await expect(link).toHaveAttribute("target", "_blank");
      await expect(link).toHaveAttribute("rel", /noopener/);
    }
    await expect(footer.getByRole("link", { name: "Retours et échanges" })).toHaveAttribute(
      "href",
      "/returns-and-exchanges",
    );
    await expect(footer.getByRole("link", { name: /Droits d'auteur/ })).toHaveAttribute("href", "/copyright");
    await expect(footer.getByRole("link", { name: "Accessibilité" })).toHaveAttribute(
      "href",
      "/accessibilite",
    );
  });

  test("the accessibility statement states the WCAG 2.2 AA aim, the exemption, its RGAA status and sections, how to report a barrier", async ({
    page,
  }) => {
    await page.goto("/accessibilite");
    // Issue 28 item 18: the RGAA's model statement, with one of its three statuses.
    for (const section of RGAA_MODEL_SECTIONS)
      await expect(page.getByRole("heading", { level: 2, name: section })).toBeVisible();
    await expect(page.locator("#etat ~ p").first()).toContainText(
      /est non conforme avec le référentiel général/,
    );
    await expect(page.getByText(/Libre réponse 71120, 75342 Paris CEDEX 07/)).toBeVisible();
    await expect(
      page.getByText(/niveau AA des Règles pour l'accessibilité des contenus web \(WCAG 2\.2\)/),
    ).toBeVisible();
    await expect(page.getByText(/directive \(UE\) 2019\/882/)).toBeVisible();
    const contact = page.locator("#contact ~ p").first();
    await expect(contact.getByRole("link", { name: "contact@savon-alep-artisanal.fr" })).toBeVisible();
  });
});

test.describe("FAQ accordion", () => {
  test("16 questions, one open at a time, with the shop's facts", async ({ page }) => {
    await page.goto("/faq");
    const items = page.locator("[data-faq] details");
    await expect(items).toHaveCount(16);
    const questions = page.locator("[data-faq] summary");

    await questions.nth(1).click();
    await expect(items.nth(1)).toHaveAttribute("open", "");
    const tiers = items.nth(1);
    await expect(tiers).toContainText("Standard");
    await expect(tiers).toContainText("10 %");
    await expect(tiers).toContainText("Premium");
    await expect(tiers).toContainText("20 %");
    await expect(tiers).toContainText("Super Premium");
    await expect(tiers).toContainText("25 %");

    await questions.nth(3).click();
    await expect(items.nth(3)).toHaveAttribute("open", "");
    await expect(items.nth(3)).toContainText("±30 g");
    await expect(items.nth(1)).not.toHaveAttribute("open", "");
    await expect(page.locator("[data-faq] details[open]")).toHaveCount(1);

    const text = (await page.locator("[data-faq]").textContent()) ?? "";
    for (const fact of ["9 mois", "2 à 3 ans", "24 à 48 h", "2 à 3 jours ouvrés", "Colissimo", "100,00"]) {
      expect(text).toContain(fact);
    }
    await expect(page.locator('a[href^="mailto:contact@savon-alep-artisanal.fr"]').first()).toBeAttached();
    await expect(page.locator('a[href^="tel:"]').first()).toBeAttached();
  });

  test("works with the keyboard: Enter and Space toggle, arrows move between questions", async ({ page }) => {
    await page.goto("/faq");
    const items = page.locator("[data-faq] details");
    const questions = page.locator("[data-faq] summary");

    await questions.first().focus();
    await page.keyboard.press("Enter");
    await expect(items.first()).toHaveAttribute("open", "");

    await page.keyboard.press("ArrowDown");
    await expect(questions.nth(1)).toBeFocused();
    await page.keyboard.press(" ");
    await expect(items.nth(1)).toHaveAttribute("open", "");
    await expect(items.first()).not.toHaveAttribute("open", "");

    await page.keyboard.press("End");
    await expect(questions.nth(15)).toBeFocused();
    await page.keyboard.press("ArrowDown");
    await expect(questions.first()).toBeFocused();
    await page.keyboard.press("ArrowUp");
    await expect(questions.nth(15)).toBeFocused();
    await page.keyboard.press("Home");
    await expect(questions.first()).toBeFocused();

    await page.keyboard.press("Tab");
    await expect(questions.nth(1)).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(items.nth(1)).not.toHaveAttribute("open", "");
  });
});

test.describe("Content-Security-Policy (issue 14)", () => {
  test("every page is sent with its policy; a script injected into a page neither runs nor loads", async ({
    page,
    csp,
  }) => {
    const paypal: string[] = [];
    await page.route("https://www.paypal.com/**", (route) => {
      paypal.push(route.request().url());
      return route.fulfill({ contentType: "text/javascript", body: "window.__paypalRan = true;" });
    });
    const response = await page.goto("/faq#delais");
    const policy = response?.headers()["content-security-policy"] ?? "";
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).toMatch(/script-src 'self' 'sha256-/);
    expect(policy).not.toContain("'unsafe-inline' 'sha256");
    expect(response?.headers()["x-content-type-options"]).toBe("nosniff");
    // The FAQ's own inline script runs (it is listed by its hash): a link to a question opens it.
    await expect(page.locator("details#delais")).toHaveAttribute("open", "");

    // What an injected markup would try: an inline script, an inline handler, PayPal's script off the payment page.
    await page.evaluate(() => {
      const inline = document.createElement("script");
      inline.textContent = "window.__injected = true;";
      document.body.append(inline);
      document.body.insertAdjacentHTML(
        "beforeend",
        '<img src="/nope.png" onerror="window.__handler = true">',
      );
      const external = document.createElement("script");
      external.src = "https://www.paypal.com/sdk/js?client-id=x";
      document.body.append(external);
    });
    await expect.poll(() => csp.violations.length).toBeGreaterThanOrEqual(3);
    expect(
      await page.evaluate(() =>
        Object.keys(window).filter((key) => /^__(injected|handler|paypalRan)$/.test(key)),
      ),
    ).toEqual([]);
    expect(paypal).toEqual([]);
    expect(csp.violations.join("\n")).toMatch(/Executing inline script violates/);
    expect(csp.violations.join("\n")).toMatch(
      /Loading the script .https:\/\/www\.paypal\.com\/sdk\/js[^ ]*. violates/,
    );
    csp.violations.length = 0;
  });

  test("no other site can frame the shop's pages", async ({ page }) => {
    // A page of no origin of the shop's (about:blank has no policy of its own) framing the admin panel.
    await page.goto("about:blank");
    const admin = await page.request.get("/admin");
    expect(admin.headers()["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(admin.headers()["x-frame-options"]).toBe("DENY");
    await page.setContent(`<iframe title="boutique" src="${origin}/admin"></iframe>`);
    // Chromium replaces a refused frame by its error page.
    await expect
      .poll(() => page.frames().map((frame) => frame.url()))
      .toEqual(["about:blank", "chrome-error://chromewebdata/"]);
  });
});

test.describe("installable app and offline", () => {
  test("the manifest describes the app with its icons", async ({ page, request }) => {
    await page.goto("/");
    await expect(page.locator('link[rel="manifest"]')).toHaveAttribute("href", "/manifest.webmanifest");
    const manifest = await (await request.get("/manifest.webmanifest")).json();
    expect(manifest).toMatchObject({ start_url: "/", display: "standalone", lang: "fr-FR" });
    const sizes = manifest.icons.map(
      (icon: { sizes: string; purpose: string }) => `${icon.sizes} ${icon.purpose}`,
    );
    expect(sizes).toEqual(expect.arrayContaining(["192x192 any", "512x512 any", "512x512 maskable"]));
    for (const icon of manifest.icons) {
      const response = await request.get(icon.src);
      expect(response.status(), icon.src).toBe(200);
    }
  });

  test("the service worker registers with scope / and visited pages open offline", async ({
    page,
    context,
  }) => {
    await page.goto("/faq");
    const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
    expect(scope).toBe(`${origin}/`);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);

    await page.goto("/product/2");
    await expect(page.getByRole("heading", { level: 1, name: seedProducts[1]?.name })).toBeVisible();
    await page.waitForLoadState("networkidle");

    await context.setOffline(true);
    try {
      const reloaded = await page.reload();
      expect(reloaded?.fromServiceWorker()).toBe(true);
      await expect(page.getByRole("heading", { level: 1, name: seedProducts[1]?.name })).toBeVisible();

      // The first page, loaded before the worker existed, and the precached home page.
      await page.goto("/faq");
      await expect(page.getByRole("heading", { level: 1, name: "Questions fréquentes" })).toBeVisible();
      await page.goto("/");
      await expect(page.locator("#products").getByRole("heading").first()).toBeVisible();

      // Never visited: the offline page.
      await page.goto("/product/4");
      await expect(page.getByRole("heading", { level: 1, name: "Vous êtes hors ligne" })).toBeVisible();
    } finally {
      await context.setOffline(false);
    }
  });

  test("the service worker never answers the API from a cache", async ({ page }) => {
    await page.goto("/");
    await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    const names = await page.evaluate(async () => {
      await fetch("/api/products");
      const all: string[] = [];
      for (const key of await caches.keys()) {
        const cache = await caches.open(key);
        all.push(...(await cache.keys()).map((request) => new URL(request.url).pathname));
      }
      return all;
    });
    expect(names.length).toBeGreaterThan(5);
    expect(names.filter((path) => path.startsWith("/api"))).toEqual([]);
  });

  test("on an iPhone the install instructions wait for a third page, never cover a product page, appear after 3 s and 'J'ai compris' hides them for 7 days", async ({
    browser,
  }) => {
    const context = await browser.newContext({
      userAgent:
        "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1",
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    await context.addInitScript(() => {
      // A consent choice already made, so the install prompt is not waiting behind the cookie banner.
      localStorage.setItem("cookie_consent", JSON.stringify({ choice: "denied", at: Date.now() }));
    });
    // The page's clock is Playwright's, paused: the 3 s pass only when the test says, whatever the machine's speed.
    await context.clock.install();
    await context.clock.pauseAt(Date.now() + 1_000);
    const page = await context.newPage();
    const prompt = page.getByRole("region", { name: "Installer l'application" });
    // Not on the first two pages of a visit (issue 16).
    for (const path of ["/", "/cgv"]) {
      await page.goto(path);
      await page.waitForLoadState("networkidle");
      await page.clock.runFor(5_000);
      await expect(prompt, path).toHaveCount(0);
    }
    // Never on a product page: the price and « Ajouter au panier » stay uncovered.
    await page.goto("/product/1");
    await page.waitForLoadState("networkidle");
    await page.clock.runFor(5_000);
    await expect(prompt).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Ajouter au panier" })).toBeVisible();
    await page.goto("/faq");
    await page.waitForLoadState("networkidle");
    await page.clock.runFor(2_500);
    await expect(prompt).toHaveCount(0);
    await page.clock.runFor(1_000);
    await expect(prompt).toBeVisible();
    await expect(prompt).toContainText("Partager");
    await expect(prompt).toContainText("Sur l'écran d'accueil");

    await prompt.getByRole("button", { name: "J'ai compris" }).click();
    await expect(prompt).toHaveCount(0);
    const dismissedAt = await page.evaluate(() =>
      Number(localStorage.getItem("install_prompt_dismissed_at")),
    );
    expect(Date.now() - dismissedAt).toBeLessThan(60_000);

    // A new session (sessionStorage empty) within 7 days: still hidden.
    const next = await context.newPage();
    await next.goto("/");
    await next.waitForLoadState("networkidle");
    await next.clock.runFor(5_000);
    await expect(next.getByRole("region", { name: "Installer l'application" })).toHaveCount(0);
    await context.close();
  });

  test("'Plus tard' hides the install instructions for the session only", async ({ browser }) => {
    const context = await browser.newContext({
      userAgent:
        "Mozilla/5.0 (iPad; CPU OS 17_4 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 Safari/604.1",
    });
    await context.addInitScript(() => {
      localStorage.setItem("cookie_consent", JSON.stringify({ choice: "denied", at: Date.now() }));
    });
    await context.clock.install();
    await context.clock.pauseAt(Date.now() + 1_000);
    const page = await context.newPage();
    for (const path of ["/", "/cgv"]) {
      await page.goto(path);
      await page.waitForLoadState("networkidle");
    }
    await page.goto("/copyright");
    await page.waitForLoadState("networkidle");
    const prompt = page.getByRole("region", { name: "Installer l'application" });
    await page.clock.runFor(3_500);
    await expect(prompt).toBeVisible();
    await prompt.getByRole("button", { name: "Plus tard" }).click();
    await expect(prompt).toHaveCount(0);
    expect(await page.evaluate(() => sessionStorage.getItem("install_prompt_dismissed"))).toBe("1");
    expect(await page.evaluate(() => localStorage.getItem("install_prompt_dismissed_at"))).toBeNull();

    await page.goto("/faq");
    await page.waitForLoadState("networkidle");
    await page.clock.runFor(5_000);
    await expect(page.getByRole("region", { name: "Installer l'application" })).toHaveCount(0);
    await context.close();
  });
});

test.describe("search engines", () => {
  test("sitemap.xml lists every page and every product page, and no private area", async ({ request }) => {
    const response = await request.get("/sitemap.xml");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toContain("xml");
    const xml = await response.text();
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    const expected = ["/", ...staticPages.map((page) => page.path)];
    for (const [index] of seedProducts.entries()) expected.push(`/product/${index + 1}`);
    const built = new URL(locs[0] ?? "http://invalid").origin;
    expect(built).toBe(origin);
    expect(locs).toEqual(expect.arrayContaining(expected.map((path) => `${built}${path}`)));
    for (const loc of locs) {
      expect(loc).not.toMatch(
        /\/(admin|profile|payment|Payment|Cart|cart|orders|reset-password|maintenance|offline)/,
      );
    }
  });

  test("robots.txt keeps crawlers out of the API and private areas and points to the sitemap", async ({
    request,
  }) => {
    const text = await (await request.get("/robots.txt")).text();
    for (const path of ["/api/", "/admin", "/profile", "/payment", "/orders"]) {
      expect(text).toContain(`Disallow: ${path}\n`);
    }
    expect(text).toMatch(new RegExp(`^Sitemap: ${origin}/sitemap\\.xml$`, "m"));
  });

  test("every page has its own title and description; the home page describes the shop", async ({
    page,
    request,
  }) => {
    const paths = [
      "/",
      "/product/1",
      "/product/3",
      ...staticPages.map((p) => p.path),
      "/cart",
      "/maintenance",
      "/404",
    ];
    const titles = new Set<string>();
    for (const path of paths) {
      const html = await (await request.get(path)).text();
      const title = html.match(/<title>([^<]*)<\/title>/)?.[1] ?? "";
      const description = html.match(/<meta name="description" content="([^"]*)"/)?.[1] ?? "";
      expect(title, path).toMatch(/ \| Savonnerie d&#39;Alep Artisanale$|\| Savonnerie d'Alep Artisanale$/);
      expect(description.length, path).toBeGreaterThan(30);
      expect(html, path).toContain('<meta property="og:title"');
      titles.add(title);
    }
    expect(titles.size).toBe(paths.length);

    await page.goto("/");
    const data = (await page.locator('script[type="application/ld+json"]').allTextContents()).map((text) =>
      JSON.parse(text),
    );
    const organization = data.find((item) => item["@type"] === "OnlineStore");
    expect(organization).toMatchObject({
      name: "Savonnerie d'Alep Artisanale",
      url: expect.stringMatching(builtUrl("/")),
    });
  });
});

test.describe("audience measurement consent", () => {
  test("built without a measurement id: no banner, no cookie link, no request to Google", async ({
    page,
  }) => {
    test.skip(gaBuild, "this build has a measurement id");
    const google: string[] = [];
    page.on("request", (request) => {
      if (GOOGLE.test(request.url())) google.push(request.url());
    });
    await page.goto("/product/1");
    await page.getByRole("button", { name: "Ajouter au panier" }).click();
    await page.waitForLoadState("networkidle");
    await expect(page.getByTestId("consent-banner")).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Gestion des cookies" })).toHaveCount(0);
    expect(await page.locator("html").getAttribute("data-ga-id")).toBeNull();
    expect(await page.evaluate(() => "dataLayer" in window)).toBe(false);
    expect(google).toEqual([]);
  });

  test.describe("built with a measurement id", () => {
    test.skip(!gaBuild, "set PUBLIC_GA_MEASUREMENT_ID to build the shop with analytics");

    async function events(page: Page): Promise<unknown[][]> {
      return page.evaluate(() =>
        ((window as unknown as { dataLayer?: IArguments[] }).dataLayer ?? [])
          .map((args) => Array.from(args))
          .filter((args) => args[0] === "event"),
      );
    }

    test("refusing sends nothing; the footer link reopens the choice; accepting measures in euros", async ({
      page,
      context,
    }) => {
      const google: string[] = [];
      await context.route(GOOGLE, (route) => {
        google.push(route.request().url());
        return route.fulfill({ contentType: "text/javascript", body: "/* gtag stub */" });
      });

      await page.goto("/product/1");
      const banner = page.getByTestId("consent-banner");
      await expect(banner).toBeVisible();
      const refuse = banner.getByRole("button", { name: "Tout refuser" });
      const accept = banner.getByRole("button", { name: "Tout accepter" });
      await expect(refuse).toBeVisible();
      await expect(accept).toBeVisible();
      expect(await refuse.getAttribute("class")).toBe(await accept.getAttribute("class"));
      await expect(banner.getByRole("checkbox")).toHaveCount(0);

      await refuse.click();
      await expect(banner).toHaveCount(0);
      await page.getByRole("button", { name: "Ajouter au panier" }).click();
      await page.reload();
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await page.waitForLoadState("networkidle");
      await expect(page.getByTestId("consent-banner")).toHaveCount(0);
      expect(google).toEqual([]);
      expect(await events(page)).toEqual([]);

      await page.getByRole("button", { name: "Gestion des cookies" }).click();
      await expect(page.getByTestId("consent-banner")).toBeVisible();
      await page.getByRole("button", { name: "Tout accepter" }).click();
      await expect(page.getByTestId("consent-banner")).toHaveCount(0);
      // This page's Content-Security-Policy predates the acceptance: Google's script comes with the next page,
      // requested with the acceptance cookie (and never as a violation of this page's policy).
      expect((await context.cookies()).find((cookie) => cookie.name === "analytics_consent")?.value).toBe(
        "granted",
      );
      await page.waitForLoadState("networkidle");
      expect(google).toEqual([]);
      await page.reload();
      await expect.poll(() => google.length).toBeGreaterThan(0);
      expect(google[0]).toContain("/gtag/js?id=");

      await page.getByRole("button", { name: "Ajouter au panier" }).click();
      await expect
        .poll(() => events(page))
        .toContainEqual([
          "event",
          "add_to_cart",
          expect.objectContaining({ currency: "EUR", items: [expect.objectContaining({ item_id: "1" })] }),
        ]);
      await page.reload();
      await expect
        .poll(() => events(page))
        .toContainEqual(["event", "view_item", expect.objectContaining({ currency: "EUR" })]);
    });
  });
});
