/**
 * The main thread's CPU time before interaction, not part of `npm test`: each page loaded RUNS times on a
 * phone's viewport (Moto G4, CPU not throttled), from an empty cache, its Chrome trace read by tests/perf/main-thread.ts:
 * the top-level tasks' CPU time (`tdur`) and the blocking time counted from it (x4, less 50 ms a task). The shared
 * machine's load moves these far less than Lighthouse's TBT, which is a throttled wall clock.
 * Several origins, comma-separated, are measured in the same run, their loads alternating page by page: a before/after
 * comparison of two builds. Each origin's states (a visitor with a soap in her cart, a signed-in customer with an
 * address and a soap, the owner) live in contexts of their own. /admin is measured signed in as the owner when
 * ADMIN_EMAIL and ADMIN_PASSWORD are given (as `npm start` reads them), and left out otherwise.
 * Run: npm run bench:cpu -- [origins=http://localhost:4321] [runs=7]
 */
import { type Browser, type BrowserContext, chromium, type Page } from "@playwright/test";
import { phoneContext } from "../../tests/perf/inp";
import {
  type MainThreadFigures,
  mainThreadFigures,
  median,
  type TraceEvent,
} from "../../tests/perf/main-thread";
import { serveMinimalPage } from "../../tests/perf/minimal-page";
import { fillCart, prepareShopper } from "../../tests/perf/shopper";

const origins = (process.argv[2] ?? "http://localhost:4321").split(",");
const runs = Number(process.argv[3] ?? 7);
const owner =
  process.env.ADMIN_EMAIL && process.env.ADMIN_PASSWORD
    ? { email: process.env.ADMIN_EMAIL, password: process.env.ADMIN_PASSWORD }
    : null;

type State = "visitor" | "visitor, items" | "signed in, items" | "owner";
const PAGES: { path: string; state: State }[] = [
  { path: "/", state: "visitor" },
  { path: "/retractation", state: "visitor" },
  { path: "/payment", state: "visitor, items" },
  { path: "/payment", state: "signed in, items" },
  { path: "/orders", state: "signed in, items" },
  { path: "/profile", state: "signed in, items" },
  ...(owner ? [{ path: "/admin", state: "owner" as const }] : []),
];

/** What Chrome records: the timeline's tasks (with their CPU time) and the scheduler's. */
const CATEGORIES = ["devtools.timeline", "disabled-by-default-devtools.timeline", "toplevel"];

async function stateContext(browser: Browser, origin: string, state: State): Promise<BrowserContext> {
  const context = await phoneContext(browser, origin);
  if (state === "visitor, items") await fillCart(context, origin);
  if (state === "signed in, items") await prepareShopper(context, origin);
  if (state === "owner" && owner) {
    const answer = await context.request.post(`${origin}/api/auth/signin`, { data: owner });
    if (!answer.ok()) throw new Error(`The owner's sign-in: ${answer.status()}`);
  }
  return context;
}

/** One load from an empty cache, traced until the page is loaded, its network quiet and a second has passed. */
async function load(browser: Browser, page: Page, url: string): Promise<MainThreadFigures> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
  await browser.startTracing(page, { categories: CATEGORIES });
  await page.goto(url, { waitUntil: "load" });
  await page.waitForLoadState("networkidle", { timeout: 5000 }).catch(() => undefined);
  await page.waitForTimeout(1000);
  const trace = JSON.parse((await browser.stopTracing()).toString("utf8")) as { traceEvents: TraceEvent[] };
  await cdp.detach();
  return mainThreadFigures(trace.traceEvents, page.url());
}

const minimal = await serveMinimalPage();
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"],
});
const results = new Map<string, MainThreadFigures[]>();
const record = (label: string, figures: MainThreadFigures) => {
  results.set(label, [...(results.get(label) ?? []), figures]);
  process.stderr.write(`${label}: ${figures.cpuMs} ms CPU, ${figures.blockingMs} ms blocking\n`);
};
try {
  const contexts = new Map<string, BrowserContext>();
  const contextFor = async (origin: string, state: State) => {
    const key = `${origin} ${state}`;
    if (!contexts.has(key)) contexts.set(key, await stateContext(browser, origin, state));
    return contexts.get(key) as BrowserContext;
  };
  const bare = await phoneContext(browser, minimal.url);
  for (const { path, state } of [{ path: "", state: "minimal" as const }, ...PAGES]) {
    for (let run = 0; run < runs; run += 1) {
      for (const origin of state === "minimal" ? [minimal.url] : origins) {
        const context = state === "minimal" ? bare : await contextFor(origin, state);
        const page = await context.newPage();
        try {
          const label = state === "minimal" ? "minimal page" : `${path} (${state}) @ ${origin}`;
          record(label, await load(browser, page, new URL(path || "/", origin).href));
        } finally {
          await page.close();
        }
      }
    }
  }
} finally {
  await browser.close();
  await minimal.close();
}

const minimalCpu = median((results.get("minimal page") ?? []).map((f) => f.cpuMs));
console.log(
  `Main thread before interaction, CPU time (tdur), median of ${runs} loads [min-max], phone viewport:`,
);
console.log("| page | CPU ms | x minimal | blocking from CPU (x4 - 50 ms) | longest task ms | tasks |");
console.log("|---|---|---|---|---|---|");
for (const [label, figures] of results) {
  const cpu = figures.map((f) => f.cpuMs);
  const cpuMedian = median(cpu);
  console.log(
    `| ${label} | ${cpuMedian} [${Math.min(...cpu)}-${Math.max(...cpu)}] | ${(cpuMedian / minimalCpu).toFixed(1)} | ${median(figures.map((f) => f.blockingMs))} | ${median(figures.map((f) => f.longestMs))} | ${median(figures.map((f) => f.tasks))} |`,
  );
}
