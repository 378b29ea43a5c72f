import { gzipSync } from "node:zlib";
import { expect, test } from "@playwright/test";

/**
 * Public pages ship little JavaScript: the budget is React's client runtime (~66 KB gzipped) plus small
 * islands. Measured as the browser loads the page, lazily hydrated islands included.
 */
const BUDGET_KB_GZIP = 85;

for (const path of ["/", "/product/1", "/cette-page-n-existe-pas"]) {
  test(`${path} loads at most ${BUDGET_KB_GZIP} KB of gzipped JavaScript, without zod`, async ({ page }) => {
    const scripts = new Map<string, Buffer>();
    page.on("response", async (response) => {
      if (response.request().resourceType() === "script" && response.url().includes("/_astro/")) {
        scripts.set(response.url(), await response.body());
      }
    });
    await page.goto(path);
    await page.waitForLoadState("networkidle");
    await page.mouse.wheel(0, 4000); // let client:visible islands load
    await page.waitForLoadState("networkidle");

    const gzipped = [...scripts.values()].reduce((sum, body) => sum + gzipSync(body).length, 0) / 1024;
    console.log(`${path}: ${scripts.size} scripts, ${gzipped.toFixed(1)} KB gzipped`);
    expect(gzipped).toBeLessThanOrEqual(BUDGET_KB_GZIP);
    for (const [url, body] of scripts) expect(body.toString("utf8"), url).not.toContain("ZodError");
  });
}

test("the catalogue is in the HTML itself, readable without JavaScript", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/product/1");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await page.goto("/");
  await expect(page.locator("#products").getByRole("heading").first()).toBeVisible();
  await context.close();
});
