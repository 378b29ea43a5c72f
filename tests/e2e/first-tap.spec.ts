import { expect, type Page, test } from "./fixtures";

/**
 * A tap on a control of the static HTML is never lost. The page's modules come after its first paint
 * (src/scripts/inline/deferred-assets.js); until they have attached their handlers, the head's inline script
 * (src/scripts/inline/early-taps.ts) keeps what the visitor taps, and each module plays it once it is ready
 * (src/scripts/site/early-taps.ts). Each test taps as soon as the control is visible, on a phone whose CPU is slowed
 * 4 times, while the page's modules are held back until after the tap: the window a slow phone leaves open, made
 * certain.
 */
test.use({ serviceWorkers: "block", viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

/** Holds every module script of the site until `release()` is called; returns how many were held. */
async function holdModules(page: Page): Promise<{ release: () => void; held: () => number }> {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let held = 0;
  await page.route("**/_astro/*.js", async (route) => {
    held += 1;
    await released;
    await route.fallback().catch(() => undefined);
  });
  return { release, held: () => held };
}

async function slowCpu(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
}

const storedUnits = (page: Page) =>
  page.evaluate(() => {
    const lines = JSON.parse(localStorage.getItem("cart") ?? "[]") as { quantity: number }[];
    return lines.reduce((sum, line) => sum + line.quantity, 0);
  });

test("« Ajouter au panier » tapped before the page's modules came adds the soap, once", async ({ page }) => {
  await slowCpu(page);
  const modules = await holdModules(page);
  await page.goto("/product/1", { waitUntil: "commit" });
  const add = page.getByRole("button", { name: "Ajouter au panier" });
  await add.tap();
  // The modules were asked for and are still held: nothing but the HTML and its inline scripts has run.
  await expect.poll(modules.held).toBeGreaterThan(0);
  expect(await page.locator("[data-buy-box][data-ready]").count()).toBe(0);
  expect(await storedUnits(page)).toBe(0);

  modules.release();
  await expect(page.locator("[data-buy-box][data-ready]")).toHaveCount(1);
  await expect.poll(() => storedUnits(page)).toBe(1);
  await expect(page.getByRole("status").filter({ hasText: "Ajouté au panier" })).toBeAttached();
  await expect(page.locator("header a[href='/cart']").first()).toContainText("1");
  await page.goto("/cart");
  await expect(page.getByRole("heading", { level: 2, name: "1 article" })).toBeVisible();
});

test("the menu tapped open before the header's module came opens once it is there", async ({ page }) => {
  await slowCpu(page);
  const modules = await holdModules(page);
  await page.goto("/faq", { waitUntil: "commit" });
  const toggle = page.getByRole("button", { name: "Ouvrir le menu" });
  await toggle.tap();
  await expect.poll(modules.held).toBeGreaterThan(0);
  await expect(page.locator("#mobile-menu")).toBeHidden();

  modules.release();
  await expect(page.getByRole("button", { name: "Fermer le menu" })).toHaveAttribute("aria-expanded", "true");
  await expect(page.locator("#mobile-menu")).toBeVisible();
});

test("a FAQ question opens at the first tap, with no module at all", async ({ page }) => {
  await slowCpu(page);
  const modules = await holdModules(page);
  await page.goto("/faq", { waitUntil: "commit" });
  const question = page.locator("[data-faq] summary").first();
  await question.tap();
  await expect(page.locator("[data-faq] details").first()).toHaveAttribute("open", "");
  modules.release();
});

test("« Se connecter pour commander » tapped on the painted cart opens the sign-in dialog once it can", async ({
  page,
}) => {
  await page.goto("/offline");
  await page.evaluate(() =>
    localStorage.setItem(
      "cart",
      JSON.stringify([
        {
          id: 1,
          name: "Savon d'Alep",
          price: "12.90",
          weight: "200 g",
          image: "/favicon.svg",
          quantity: 1,
          stock: 9,
        },
      ]),
    ),
  );
  await slowCpu(page);
  const modules = await holdModules(page);
  await page.goto("/cart", { waitUntil: "commit" });
  await page.getByRole("button", { name: "Se connecter pour commander" }).tap();
  await expect.poll(modules.held).toBeGreaterThan(0);
  await expect(page.getByRole("dialog")).toHaveCount(0);

  modules.release();
  await expect(page.getByRole("dialog")).toBeVisible({ timeout: 20_000 });
});

test("« Se connecter » tapped on the painted « Accès Refusé » opens the sign-in dialog once it can", async ({
  page,
}) => {
  await slowCpu(page);
  const modules = await holdModules(page);
  await page.goto("/admin", { waitUntil: "commit" });
  await page.getByRole("button", { name: "Se connecter" }).tap();
  await expect.poll(modules.held).toBeGreaterThan(0);
  await expect(page.getByRole("dialog")).toHaveCount(0);

  modules.release();
  await expect(page.getByRole("dialog")).toBeVisible({ timeout: 20_000 });
});
