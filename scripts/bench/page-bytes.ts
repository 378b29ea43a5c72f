/**
 * The per-page table of the README's performance section: what each prebuilt page loads before any
 * interaction, brotli-compressed, read from a built site (by default the one `npm start` publishes), beside its budget
 * (tests/perf/page-budgets.ts, which the CI run checks over HTTP in tests/e2e/performance.spec.ts).
 * Run: npm run bench:bytes -- [site folder=.data/site]
 */
import { readFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { PAGE_BUDGETS, pageFile } from "../../tests/perf/page-budgets";
import { pageWeight, total } from "../../tests/perf/page-weight";

const site = resolve(process.argv[2] ?? ".data/site");
const ORIGIN = "http://shop.invalid";
const load = async (url: string) => await readFile(join(site, decodeURIComponent(new URL(url).pathname)));
const kb = (bytes: number) => (bytes / 1024).toFixed(1);

console.log(
  "| page | HTML (critical CSS inlined) | JS before interaction | stylesheets | budget HTML / JS / CSS |",
);
console.log("|---|---|---|---|---|");
for (const [path, budget] of Object.entries(PAGE_BUDGETS)) {
  const html = await readFile(join(site, pageFile(path)), "utf8");
  const weight = await pageWeight(html, new URL(path, ORIGIN).href, load);
  console.log(
    `| ${path} | ${kb(weight.html)} KB | ${kb(total(weight.scripts))} KB (${weight.scripts.size} files) | ${kb(total(weight.styles))} KB | ${budget.html} / ${budget.js} / ${budget.css} KB |`,
  );
}
