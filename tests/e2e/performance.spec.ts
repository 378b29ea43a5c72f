import { type PageFigures, startLighthouseBrowser } from "../perf/lighthouse";
import { serveMinimalPage } from "../perf/minimal-page";
import { PAGE_BUDGETS } from "../perf/page-budgets";
import { pageWeight, total } from "../perf/page-weight";
import { forEachMeasuredPage } from "../perf/pages";
import { expect, test } from "./fixtures";
import { loadedScripts, loadOver } from "./module-graph";

/**
 * Speed, measured (issue 17, issue 30). Lighthouse (mobile, simulated throttling) against a minimal page served the
 * same way in the same run, on the prebuilt pages as a first visit and on the cart and the checkout in the four states
 * of tests/perf/pages.ts (empty cart, a visitor's cart, a signed-in customer's cart, the checkout's first step): no
 * page may shift (CLS 0) and each paints its largest content within LCP_BOUNDS times the minimal page's time; the
 * score and the main thread's blocking have loose bounds (below). A page passes on its best of three runs (Lighthouse
 * varies from run to run on a busy machine). The figures are printed for the closing notes. And, read from the build
 * itself, as hard budgets: what each page loads before any interaction (tests/perf/page-budgets.ts).
 *
 * Why these bounds and not 98 / 50 ms (issue 17 to issue 26): the machine the suite now runs on blocks the main thread
 * two to three times longer for the same pages. The code of 4cafe81, the last landed before issue 27, measured here
 * on a quiet machine: /faq 98-100 with TBT 76-171 ms, / 94 with 300 ms; in a CI run 80-92 with 340-870 ms. Lighthouse's
 * own benchmark index says 1700-2800 ("high-end desktop", where its 4x slowdown applies), so its calibration cannot
 * cancel it out. Absolute thresholds near the best figures failed the unchanged code here; these catch a page that
 * regresses badly, and the hard budgets below catch what made the pages fast (no framework, 15 KB of scripts).
 */

/**
 * Lighthouse bounds, with a margin over issue 30's targets (the prebuilt pages within 1.25x the minimal page's LCP, the
 * cart and the checkout in every state within 1.5x), which `npm run bench:lighthouse` reports: LCP is simulated from
 * the requests and the main thread's tasks as this machine ran them, and varied by up to 0.4x between runs of the same
 * page here (medians of 3 on a nearly idle machine: /faq 1.06x to 1.55x). The cart and the checkout were 2.2x to 3.3x
 * before issue 30, 1.1x to 1.4x after: their bound fails a return of the old way (React before the first meaningful
 * paint). The score and TBT follow this machine's main thread (see above): loose (the visitor's cart measured TBT
 * 877-1,022 ms in a CI run, where a quiet run of the same code gave 410 ms).
 */
const PREBUILT_BOUNDS = { score: 75, tbt: 800, lcpRatio: 2 };
const SHOP_BOUNDS = { score: 70, tbt: 1500, lcpRatio: 1.75 };
/**
 * A signed-in customer's orders and profile: their largest content is read from the API once the island has hydrated.
 * With the reads started by the frame's inline script (src/lib/early-reads.ts) they measured 1.5x the minimal page's
 * LCP on a busy machine and 2.1-2.3x on a busier one, against 1.8x and 2.3-2.6x before in the same runs: the
 * simulation follows the machine's load too much for a tighter bound that never fails by chance. This one catches a
 * large regression; CLS 0 holds as everywhere.
 */
const ACCOUNT_BOUNDS = { score: 70, tbt: 1500, lcpRatio: 2.5 };

/**
 * The pages built without a framework (issue 17; the cart since issue 30): no island, no React, their scripts and
 * stylesheet only after the first paint.
 */
const FRAMEWORK_FREE = new Set([
  "/faq",
  "/cgv",
  "/legal-mentions",
  "/copyright",
  "/returns-and-exchanges",
  "/accessibilite",
  "/liste-d-attente",
  "/avis-clients/desinscription",
  "/cette-page-n-existe-pas",
  "/maintenance",
  "/",
  "/product/1",
  "/cart",
]);

const kb = (bytes: number) => bytes / 1024;

test.describe("what a page loads before interaction", () => {
  for (const [path, budget] of Object.entries(PAGE_BUDGETS)) {
    const frameworkFree = FRAMEWORK_FREE.has(path);
    test(`${path}: HTML within ${budget.html} KB, scripts within ${budget.js} KB, stylesheets within ${budget.css} KB (brotli)${frameworkFree ? ", no framework runtime" : ""}`, async ({
      page,
      request,
      baseURL,
    }) => {
      const url = new URL(path, baseURL).href;
      const html = await (await request.get(url)).text();
      const weight = await pageWeight(html, url, loadOver(request));
      console.log(
        `${path}: HTML ${kb(weight.html).toFixed(1)} KB, ${weight.scripts.size} scripts ${kb(total(weight.scripts)).toFixed(1)} KB, stylesheets ${kb(total(weight.styles)).toFixed(1)} KB`,
      );
      expect(kb(weight.html), "HTML").toBeLessThanOrEqual(budget.html);
      expect(kb(total(weight.scripts)), "scripts").toBeLessThanOrEqual(budget.js);
      expect(kb(total(weight.styles)), "stylesheets").toBeLessThanOrEqual(budget.css);
      if (!frameworkFree) return;

      expect(html, "an island hydrated with a framework").not.toContain("<astro-island");
      const scripts = weight.scripts;
      for (const [script, body] of scripts) {
        const code = body.toString("utf8");
        // Preact's render queue option (a public name, kept by minifiers): in Preact's code, never in a file name.
        expect(code, script).not.toContain("debounceRendering");
        expect(code, script).not.toContain("ZodError");
      }
      // The page paints from its first round trip: its CSS is inlined, the stylesheet waits in a <template> for the
      // first paint (or is read from <noscript> without JavaScript), and so do the scripts.
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
  // Up to 3 runs of ~10 s for each of 10 pages and states.
  test.setTimeout(600_000);

  test("the prebuilt pages, the cart and the checkout in their four states near a minimal page, without a shift", async ({
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
      await forEachMeasuredPage(browser.context, new URL(baseURL as string).origin, async (page, urls) => {
        const url = urls[0] as string;
        const bounds = page.readsApi ? ACCOUNT_BOUNDS : page.shop ? SHOP_BOUNDS : PREBUILT_BOUNDS;
        failures.push(
          ...(await bestOfThree(
            page.label,
            url,
            (f) => [
              ...(f.score < bounds.score ? [`score ${f.score} < ${bounds.score}`] : []),
              ...(f.tbt > bounds.tbt ? [`TBT ${f.tbt} ms > ${bounds.tbt} ms`] : []),
              ...(f.cls > 0 ? [`CLS ${f.cls} > 0`] : []),
              ...(f.lcp > bounds.lcpRatio * minimalLcp
                ? [`LCP ${f.lcp} ms > ${bounds.lcpRatio} x ${minimalLcp} ms`]
                : []),
            ],
            page.keepStorage,
          )),
        );
      });
      console.log(report.join("\n"));
      expect(failures).toEqual([]);
    } finally {
      await browser.close();
      await minimal.close();
    }
  });
});
