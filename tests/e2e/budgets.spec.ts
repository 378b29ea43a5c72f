import { gzipSync } from "node:zlib";
import { init, parse } from "es-module-lexer";
import { type APIRequestContext, expect, test } from "./fixtures";

/**
 * Public pages ship little JavaScript: the budget is React's client runtime (~66 KB gzipped) plus small
 * islands. Measured on what the built page references, not on what a browser happened to fetch before the test
 * ended: every module script of the page, every island's component and renderer, and everything they import
 * statically, whatever the order of loading. Imports made only on interaction (dynamic import()) are not counted.
 */
/**
 * Issue 16 took "/" from 84.7 to 85.7 KB and /product/1 from 84.5 to 85.1 KB: the product photos' <picture> (AVIF and
 * WebP srcsets) in the cards and the buy box, and the install card's page count. Issue 17 takes the framework
 * runtime off the content pages.
 */
const BUDGET_KB_GZIP = 86;

/** The specifiers a module imports statically (`import … from "x"`, `import "x"`, `export … from "x"`). */
function staticImports(code: string): string[] {
  const [imports] = parse(code);
  return imports.flatMap((entry) => (entry.d === -1 && entry.n ? [entry.n] : []));
}

/** The page's entry modules: module scripts (external or inline imports), island components and renderers. */
function entryModules(html: string, pageUrl: string): string[] {
  const entries: string[] = [];
  for (const [, url] of html.matchAll(/\b(?:component-url|renderer-url|before-hydration-url)="([^"]+)"/g))
    entries.push(url as string);
  for (const [, attributes, body] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
    if (!/\btype="module"/.test(attributes as string)) continue;
    const src = /\bsrc="([^"]+)"/.exec(attributes as string)?.[1];
    if (src) entries.push(src);
    else entries.push(...staticImports(body as string));
  }
  for (const [, href] of html.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*\bhref="([^"]+)"/g))
    entries.push(href as string);
  return entries.map((url) => new URL(url, pageUrl).href);
}

/** Every script the page loads without interaction, with its body. */
async function pageScripts(request: APIRequestContext, pageUrl: string): Promise<Map<string, Buffer>> {
  await init;
  const page = await request.get(pageUrl);
  const queue = entryModules(await page.text(), pageUrl);
  const scripts = new Map<string, Buffer>();
  while (queue.length > 0) {
    const url = queue.shift() as string;
    if (scripts.has(url)) continue;
    const response = await request.get(url);
    expect(response.status(), url).toBe(200);
    const body = await response.body();
    scripts.set(url, body);
    for (const specifier of staticImports(body.toString("utf8"))) queue.push(new URL(specifier, url).href);
  }
  return scripts;
}

for (const path of ["/", "/product/1", "/cette-page-n-existe-pas"]) {
  test(`${path} loads at most ${BUDGET_KB_GZIP} KB of gzipped JavaScript, without zod`, async ({
    page,
    request,
    baseURL,
  }) => {
    const scripts = await pageScripts(request, new URL(path, baseURL).href);
    const gzipped = [...scripts.values()].reduce((sum, body) => sum + gzipSync(body).length, 0) / 1024;
    console.log(`${path}: ${scripts.size} scripts, ${gzipped.toFixed(1)} KB gzipped`);
    expect(scripts.size).toBeGreaterThan(0);
    expect(gzipped).toBeLessThanOrEqual(BUDGET_KB_GZIP);
    for (const [url, body] of scripts) expect(body.toString("utf8"), url).not.toContain("ZodError");

    // The browser, left alone on the page, never loads a script the measure did not count.
    await page.goto(path);
    await page.waitForLoadState("networkidle");
    await page.mouse.wheel(0, 4000); // client:visible islands
    await page.waitForLoadState("networkidle");
    const loaded = await page.evaluate(() =>
      performance
        .getEntriesByType("resource")
        .map((entry) => entry.name)
        .filter((name) => new URL(name).pathname.endsWith(".js") && new URL(name).origin === location.origin),
    );
    const counted = new Set(scripts.keys());
    expect(loaded.filter((url) => !counted.has(url) && !url.endsWith("/sw.js"))).toEqual([]);
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
