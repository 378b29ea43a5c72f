import { brotliCompressSync } from "node:zlib";
import { type PageFigures, startLighthouseBrowser } from "../perf/lighthouse";
import { serveMinimalPage } from "../perf/minimal-page";
import { prepareShopper } from "../perf/shopper";
import { type APIRequestContext, expect, test } from "./fixtures";
import { loadedScripts, moduleGraph, staticImports } from "./module-graph";

/**
 * Speed, measured (issue 17). Lighthouse (mobile, simulated throttling) on the prebuilt pages against a minimal page
 * served the same way in the same run: each page must never shift (CLS 0) and paint its largest content within 2
 * times the minimal page's time, score at least 75 and block the main thread at most 800 ms; the cart and the checkout
 * (signed in, items in the cart) score at least 70. Loose bounds, set from this machine's worst best-of-three runs
 * (content pages 84-92 with TBT 388-554 ms, the cart 85, the checkout 80), so that they fail a real regression and
 * not the machine's noise. A page passes on its best of three runs (Lighthouse varies from run to run on a
 * busy machine). The figures are printed for the closing notes. And, read from the build itself, as hard budgets:
 * what a content page loads before any interaction (scripts, then HTML with its critical CSS).
 *
 * Why these bounds and not 98 / 50 ms (issue 17 to issue 26): the machine the suite now runs on blocks the main thread
 * two to three times longer for the same pages. The code of 4cafe81, the last landed before issue 27, measured here
 * on a quiet machine: /faq 98-100 with TBT 76-171 ms, / 94 with 300 ms; in a CI run 80-92 with 340-870 ms. Lighthouse's
 * own benchmark index says 1700-2800 ("high-end desktop", where its 4x slowdown applies), so its calibration cannot
 * cancel it out. Absolute thresholds near the best figures failed the unchanged code here; these catch a page that
 * regresses badly, and the hard budgets below catch what made the pages fast (no framework, 15 KB of scripts).
 */

/** Everything a content page runs before interaction, brotli-compressed (issue 17). */
const SCRIPT_BUDGET_BROTLI_KB = 15;
/** The first round trip: 10 TCP segments. HTML with its inlined critical CSS must fit. */
const FIRST_ROUND_TRIP_KB = 14;

const CONTENT_PAGES = [
  "/faq",
  "/cgv",
  "/legal-mentions",
  "/copyright",
  "/returns-and-exchanges",
  "/cette-page-n-existe-pas",
  "/maintenance",
];
const STOREFRONT_PAGES = ["/", "/product/1"];

/** The page's entry modules: module scripts (external or inline imports), island components and renderers. */
function entryModules(html: string, pageUrl: string): string[] {
  const entries: string[] = [];
  for (const [, url] of html.matchAll(/\b(?:component-url|renderer-url|before-hydration-url)="([^"]+)"/g))
    entries.push(url as string);
  // The module scripts the page puts in place after its first paint (src/scripts/inline/deferred-assets.js).
  for (const [, url] of html.matchAll(/<template data-deferred-module data-src="([^"]+)"/g))
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

/** Every script the page loads without interaction (imports made only on interaction, `import()`, are not). */
async function pageScripts(request: APIRequestContext, pageUrl: string): Promise<Map<string, Buffer>> {
  const page = await request.get(pageUrl);
  return await moduleGraph(request, entryModules(await page.text(), pageUrl));
}

const brotliKb = (body: string | Buffer) => brotliCompressSync(body).length / 1024;

test.describe("what a page loads before interaction", () => {
  for (const path of [...CONTENT_PAGES, ...STOREFRONT_PAGES]) {
    test(`${path}: no framework runtime, scripts under ${SCRIPT_BUDGET_BROTLI_KB} KB brotli, HTML and critical CSS in the first round trip`, async ({
      page,
      request,
      baseURL,
    }) => {
      const url = new URL(path, baseURL).href;
      const html = await (await request.get(url)).text();
      expect(html, "an island hydrated with a framework").not.toContain("<astro-island");
      const scripts = await pageScripts(request, url);
      const total = [...scripts.values()].reduce((sum, body) => sum + brotliKb(body), 0);
      const htmlKb = brotliKb(html);
      console.log(
        `${path}: ${scripts.size} scripts, ${total.toFixed(1)} KB brotli; HTML ${htmlKb.toFixed(1)} KB`,
      );
      expect(total).toBeLessThanOrEqual(SCRIPT_BUDGET_BROTLI_KB);
      for (const [script, body] of scripts) {
        const code = body.toString("utf8");
        // React's element symbol and react-dom's container key: in React's code, never in a file name.
        expect(code, script).not.toContain("react.transitional.element");
        expect(code, script).not.toContain("__reactContainer");
        expect(code, script).not.toContain("ZodError");
      }
      // The page paints from its first round trip: its CSS is inlined, the stylesheet waits in a <template> for the
      // first paint (or is read from <noscript> without JavaScript), and so do the scripts.
      expect(htmlKb).toBeLessThanOrEqual(FIRST_ROUND_TRIP_KB);
      const parsed = html.replace(/<template[\s\S]*?<\/template>|<noscript>[\s\S]*?<\/noscript>/g, "");
      expect(parsed).not.toMatch(/<link[^>]*rel="stylesheet"/);
      expect(parsed).not.toMatch(/<script[^>]*type="module"/);
      expect(parsed.slice(0, parsed.indexOf("</head>"))).toMatch(/<style>/);

      // The browser, left alone on the page, loads no script the measure did not count (the maintenance page sends
      // visitors back to the shop when it is not in maintenance: nothing to watch there).
      if (path === "/maintenance") return;
      await page.goto(path);
      await page.waitForLoadState("networkidle");
      await page.mouse.wheel(0, 4000);
      await page.waitForLoadState("networkidle");
      const loaded = await loadedScripts(page);
      const counted = new Set(scripts.keys());
      expect(loaded.filter((script) => !counted.has(script) && !script.endsWith("/sw.js"))).toEqual([]);
    });
  }
});

test("the catalogue is in the HTML itself, readable without JavaScript", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/product/1");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await page.goto("/");
  await expect(page.locator("#products").getByRole("heading").first()).toBeVisible();
  await context.close();
});

test.describe("Lighthouse, mobile", () => {
  // Up to 3 runs of ~10 s for each of 8 pages.
  test.setTimeout(600_000);

  test("the prebuilt pages near a minimal page, the cart and the checkout within loose Lighthouse bounds", async ({
    baseURL,
  }) => {
    const minimal = await serveMinimalPage();
    const browser = await startLighthouseBrowser();
    const report: string[] = [];
    const line = (label: string, f: PageFigures, run: number) =>
      `${label} (run ${run}): score ${f.score}, TBT ${f.tbt} ms, LCP ${f.lcp} ms, CLS ${f.cls}, JS ${(f.jsBytes / 1024).toFixed(1)} KB, LCP element ${f.lcpElement}`;
    try {
      const baseline: PageFigures[] = [];
      for (let run = 1; run <= 3; run += 1) {
        const figures = await browser.measure(minimal.url);
        baseline.push(figures);
        report.push(line("minimal page", figures, run));
      }
      const minimalLcp = baseline.map((f) => f.lcp).sort((a, b) => a - b)[1] as number;

      /** Runs Lighthouse up to 3 times until `passes` holds; answers the failures of the best run otherwise. */
      const bestOfThree = async (
        label: string,
        url: string,
        problems: (f: PageFigures) => string[],
        keepStorage = false,
      ): Promise<string[]> => {
        let fewest: string[] | null = null;
        for (let run = 1; run <= 3; run += 1) {
          const figures = await browser.measure(url, { keepStorage });
          report.push(line(label, figures, run));
          const found = problems(figures);
          if (found.length === 0) return [];
          if (!fewest || found.length < fewest.length)
            fewest = found.map((problem) => `${label}: ${problem}`);
        }
        return fewest ?? [];
      };

      const failures: string[] = [];
      for (const path of ["/", "/product/1", "/faq", "/cgv", "/cette-page-n-existe-pas"]) {
        failures.push(
          ...(await bestOfThree(path, new URL(path, baseURL).href, (f) => [
            ...(f.score < 75 ? [`score ${f.score} < 75`] : []),
            ...(f.tbt > 800 ? [`TBT ${f.tbt} ms > 800 ms`] : []),
            ...(f.cls > 0 ? [`CLS ${f.cls} > 0`] : []),
            ...(f.lcp > 2 * minimalLcp ? [`LCP ${f.lcp} ms > 2 x ${minimalLcp} ms`] : []),
          ])),
        );
      }
      await prepareShopper(browser.context, new URL(baseURL as string).origin);
      for (const path of ["/cart", "/payment"]) {
        failures.push(
          ...(await bestOfThree(
            `${path} (signed in, items)`,
            new URL(path, baseURL).href,
            (f) => (f.score < 70 ? [`score ${f.score} < 70`] : []),
            true,
          )),
        );
      }
      console.log(report.join("\n"));
      expect(failures).toEqual([]);
    } finally {
      await browser.close();
      await minimal.close();
    }
  });
});
