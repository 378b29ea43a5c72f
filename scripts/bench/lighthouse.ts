/**
 * Lighthouse figures of the shop's pages, not part of `npm test` (the CI gate is tests/e2e/lighthouse.spec.ts):
 * mobile, simulated throttling, against a shop already running (`npm start`) and the minimal page served the same way
 * in the same run. Prints, per page, the median and range of the score and the median TBT, LCP (and its ratio to the
 * minimal page's), CLS and bytes.
 * The cart and the checkout are measured in the four states of tests/perf/pages.ts.
 * Run: npm run bench:lighthouse -- [origins=http://localhost:4321] [runs=6] [pages=regular expression on the labels]
 * Several origins, comma-separated, are measured in the same run against the same minimal page, their loads alternating
 * run by run: a before/after comparison (give them different host names, e.g. 127.0.0.1 and localhost: cookies ignore
 * the port).
 */
import { type PageFigures, startLighthouseBrowser } from "../../tests/perf/lighthouse";
import { median } from "../../tests/perf/main-thread";
import { serveMinimalPage } from "../../tests/perf/minimal-page";
import { forEachMeasuredPage } from "../../tests/perf/pages";

const origins = (process.argv[2] ?? "http://localhost:4321").split(",");
const runs = Number(process.argv[3] ?? 6);
const only = process.argv[4] ? new RegExp(process.argv[4]) : null;

const minimal = await serveMinimalPage();
const browser = await startLighthouseBrowser();
const results = new Map<string, PageFigures[]>();
try {
  const measure = async (label: string, urls: string[], keepStorage = false) => {
    for (let run = 0; run < runs; run += 1) {
      for (const url of urls) {
        const key = urls.length > 1 ? `${label} @ ${new URL(url).origin}` : label;
        const figures = await browser.measure(url, { keepStorage });
        results.set(key, [...(results.get(key) ?? []), figures]);
        process.stderr.write(
          `${key}: score ${figures.score}, TBT ${figures.tbt} ms, LCP ${figures.lcp} ms\n`,
        );
      }
    }
  };
  await measure("minimal page", [minimal.url]);
  await forEachMeasuredPage(browser.context, origins, async (page, urls) => {
    if (!only || only.test(page.label)) await measure(page.label, urls, page.keepStorage);
  });
} finally {
  await browser.close();
  await minimal.close();
}

const minimalLcp = median((results.get("minimal page") ?? []).map((f) => f.lcp));
const kb = (bytes: number) => (bytes / 1024).toFixed(1);
console.log(
  "| page | score median [min-max] | TBT ms | LCP ms (x minimal) | CLS | JS KB | HTML KB | CSS KB | LCP element |",
);
console.log("|---|---|---|---|---|---|---|---|---|");
for (const [label, figures] of results) {
  const scores = figures.map((f) => f.score);
  const lcp = median(figures.map((f) => f.lcp));
  const first = figures[0] as PageFigures;
  console.log(
    `| ${label} | ${median(scores)} [${Math.min(...scores)}-${Math.max(...scores)}] | ${median(figures.map((f) => f.tbt))} | ${lcp} (${(lcp / minimalLcp).toFixed(2)}x) | ${Math.max(...figures.map((f) => f.cls))} | ${kb(median(figures.map((f) => f.jsBytes)))} | ${kb(median(figures.map((f) => f.htmlBytes)))} | ${kb(median(figures.map((f) => f.cssBytes)))} | ${first.lcpElement ?? "?"} |`,
  );
}
