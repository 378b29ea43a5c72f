/**
 * Lighthouse figures of the checkout's first step (issue 30), against a shop already running and the minimal page
 * served the same way in the same run: a signed-in customer with an address and a soap in the cart (the same
 * shopper as bench:lighthouse), then the same browser without its cookies (a visitor not signed in, items kept).
 * Prints each run and the best of them per page state.
 * Run: node --import tsx scripts/bench/checkout-first-paint.ts [origin=http://localhost:4321] [runs=3]
 */
import { type PageFigures, startLighthouseBrowser } from "../../tests/perf/lighthouse";
import { serveMinimalPage } from "../../tests/perf/minimal-page";
import { prepareShopper } from "../../tests/perf/shopper";

const origin = process.argv[2] ?? "http://localhost:4321";
const runs = Number(process.argv[3] ?? 3);

const minimal = await serveMinimalPage();
const browser = await startLighthouseBrowser();
const results = new Map<string, PageFigures[]>();
const line = (label: string, f: PageFigures) =>
  `${label}: score ${f.score}, LCP ${f.lcp} ms, FCP ${f.fcp} ms, TBT ${f.tbt} ms, CLS ${f.cls}, JS ${(f.jsBytes / 1024).toFixed(1)} KB, LCP element ${f.lcpElement}`;
try {
  const measure = async (label: string, url: string, keepStorage: boolean) => {
    const figures: PageFigures[] = [];
    for (let run = 0; run < runs; run += 1) {
      const f = await browser.measure(url, { keepStorage });
      figures.push(f);
      process.stderr.write(`${line(label, f)}\n`);
    }
    results.set(label, figures);
  };
  await measure("minimal page", minimal.url, false);
  await prepareShopper(browser.context, origin);
  await measure("/payment (signed in, items)", new URL("/payment", origin).href, true);
  await browser.context.clearCookies();
  await measure("/payment (visitor, items)", new URL("/payment", origin).href, true);
} finally {
  await browser.close();
  await minimal.close();
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;
const minimalLcp = median((results.get("minimal page") ?? []).map((f) => f.lcp));
console.log("| page | best score | its LCP ms (x minimal) | its TBT ms | CLS max | LCP element |");
console.log("|---|---|---|---|---|---|");
for (const [label, figures] of results) {
  const best = [...figures].sort((a, b) => b.score - a.score || a.lcp - b.lcp)[0] as PageFigures;
  console.log(
    `| ${label} | ${best.score} | ${best.lcp} (${(best.lcp / minimalLcp).toFixed(2)}x) | ${best.tbt} | ${Math.max(...figures.map((f) => f.cls))} | ${best.lcpElement ?? "?"} |`,
  );
}
console.log(`minimal page LCP (median): ${minimalLcp} ms`);
