/**
 * Lighthouse figures of the shop's pages (issue 17), not part of `npm test` (the CI gate is tests/e2e/lighthouse.spec.ts):
 * mobile, simulated throttling, against a shop already running (`npm start`) and the minimal page served the same way
 * in the same run. Prints, per page, the median and range of the score and the median TBT, LCP (and its ratio to the
 * minimal page's), CLS and bytes.
 * Run: npm run bench:lighthouse -- [origin=http://localhost:4321] [runs=6]
 */
import { type PageFigures, startLighthouseBrowser } from "../../tests/perf/lighthouse";
import { serveMinimalPage } from "../../tests/perf/minimal-page";
import { prepareShopper } from "../../tests/perf/shopper";

const origin = process.argv[2] ?? "http://localhost:4321";
const runs = Number(process.argv[3] ?? 6);
const PUBLIC_PAGES = ["/", "/product/1", "/faq", "/cgv", "/cette-page-n-existe-pas"];
const SIGNED_IN_PAGES = ["/cart", "/payment", "/orders", "/profile"];

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
};

const minimal = await serveMinimalPage();
const browser = await startLighthouseBrowser();
const results = new Map<string, PageFigures[]>();
try {
  const measure = async (label: string, url: string, keepStorage = false) => {
    const figures: PageFigures[] = [];
    for (let run = 0; run < runs; run += 1) figures.push(await browser.measure(url, { keepStorage }));
    results.set(label, figures);
    process.stderr.write(`${label}: ${figures.map((f) => f.score).join(" ")}\n`);
  };
  await measure("minimal page", minimal.url);
  for (const path of PUBLIC_PAGES) await measure(path, new URL(path, origin).href);
  await prepareShopper(browser.context, origin);
  for (const path of SIGNED_IN_PAGES)
    await measure(`${path} (signed in, items)`, new URL(path, origin).href, true);
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
