import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { E2E_DATA_DIR } from "../../playwright.config";
import { expect, type Page, test } from "./fixtures";

/**
 * A new service worker taking over open pages (issue 28, item 10): a page with what the visitor typed is left as it
 * is and loads the new version at its next navigation; a page with nothing typed reloads at once. The new version
 * is what a build with a new app shell serves: the shop's sw.js with another VERSION, written where the shop serves
 * its site from (SITE_PUBLISH=off: <DATA_DIR>/site, as the start built it).
 */
test.skip(
  process.env.E2E_SITE_PUBLISH === "on",
  "the site is served from the start's build only with publishing off",
);

const servedWorker = join(E2E_DATA_DIR, "site", "sw.js");
let original: string | undefined;

test.afterEach(async () => {
  if (original !== undefined) await writeFile(servedWorker, original);
  original = undefined;
});

/** Serves a worker of a new version; returns that version. */
async function shipNewShell(): Promise<string> {
  original ??= await readFile(servedWorker, "utf8");
  const current = original.match(/const VERSION = "([^"]+)";/)?.[1];
  expect(current, "VERSION in sw.js").toBeTruthy();
  const version = `${current}-e2e${Date.now()}`;
  await writeFile(
    servedWorker,
    original.replace(`const VERSION = "${current}";`, `const VERSION = "${version}";`),
  );
  return version;
}

/** Opens a page once the worker controls it (the first visit's worker takes over without a reload). */
async function openControlled(page: Page, path: string): Promise<{ loads: () => number }> {
  let loads = 0;
  page.on("load", () => {
    loads += 1;
  });
  await page.goto(path);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    timeout: 20_000,
  });
  await page.evaluate(() => {
    const marked = window as unknown as { oldDocument: boolean; takeovers: number };
    marked.oldDocument = true;
    marked.takeovers = 0;
    navigator.serviceWorker.addEventListener("controllerchange", () => {
      marked.takeovers += 1;
    });
  });
  return { loads: () => loads };
}

/** Asks the browser to look for a new worker now (it would on the next navigation, or within 24 hours). */
async function checkForUpdate(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await (await navigator.serviceWorker.getRegistration())?.update();
  });
}

async function takeovers(page: Page): Promise<number> {
  return page.evaluate(() => (window as unknown as { takeovers?: number }).takeovers ?? -1).catch(() => -1);
}

test("a page with typed input is not reloaded when a new worker takes over, and loads it at the next navigation", async ({
  page,
}) => {
  const { loads } = await openControlled(page, "/retractation");
  const order = page.getByLabel("Numéro de commande");
  const email = page.getByLabel("Adresse e-mail de la commande");
  await order.fill("AB12CD34");
  await email.fill("cliente@example.com");
  const before = loads();

  const version = await shipNewShell();
  await checkForUpdate(page);
  // The new worker takes over; a reload would start right away (the page's listener runs before the test's).
  await expect
    .poll(async () => loads() > before || (await takeovers(page)) === 1, { timeout: 20_000 })
    .toBe(true);
  await page.waitForTimeout(1500);
  expect(loads(), "the page reloaded under the visitor").toBe(before);
  expect(await page.evaluate(() => (window as unknown as { oldDocument?: boolean }).oldDocument)).toBe(true);
  await expect(order).toHaveValue("AB12CD34");
  await expect(email).toHaveValue("cliente@example.com");

  // The next navigation is a new document, served and controlled by the new worker.
  await page.getByRole("contentinfo").getByRole("link", { name: "FAQ" }).first().click();
  await expect(page).toHaveURL(/\/faq$/);
  await expect(page.getByRole("heading", { level: 1, name: "Questions fréquentes" })).toBeVisible();
  expect(await page.evaluate(() => "oldDocument" in window)).toBe(false);
  await expect
    .poll(() => page.evaluate(async () => (await caches.keys()).filter((key) => key.startsWith("shell-"))))
    .toEqual([`shell-${version}`]);
  expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
});

test("a page with nothing typed reloads when a new worker takes over", async ({ page }) => {
  const { loads } = await openControlled(page, "/faq");
  const before = loads();

  await shipNewShell();
  await checkForUpdate(page);
  await expect.poll(() => loads(), { timeout: 20_000 }).toBe(before + 1);
  await expect(page.getByRole("heading", { level: 1, name: "Questions fréquentes" })).toBeVisible();
  expect(await page.evaluate(() => "oldDocument" in window)).toBe(false);
});
