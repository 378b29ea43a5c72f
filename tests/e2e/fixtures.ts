/**
 * Playwright's `test` for every spec of the shop: each page of each test runs under the Content-Security-Policy the
 * shop sends (locally as on AWS), and any violation fails the test: Chromium prints every refused script, frame,
 * connection or image on the console of the page (or frame) that tried. Contexts a test opens itself
 * (`browser.newContext()`) are watched too.
 *
 * A test that causes a violation on purpose reads `csp.violations` and empties it.
 */
import { type Browser, type BrowserContext, test as base, expect } from "@playwright/test";

export * from "@playwright/test";

export interface CspWatch {
  /** What the browser refused during this test, one console line each. */
  violations: string[];
}

const watched = new WeakSet<BrowserContext>();

function watch(context: BrowserContext, csp: CspWatch): void {
  if (watched.has(context)) return;
  watched.add(context);
  context.on("console", (message) => {
    const text = message.text();
    if (/Content Security Policy/i.test(text))
      csp.violations.push(`${message.page()?.url() ?? "?"}: ${text}`);
  });
}

export const test = base.extend<{ csp: CspWatch }, { cspWorker: CspWatch }>({
  cspWorker: [
    async ({ browser }: { browser: Browser }, use: (value: CspWatch) => Promise<void>) => {
      const csp: CspWatch = { violations: [] };
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (...args) => {
        const context = await newContext(...args);
        watch(context, csp);
        return context;
      };
      await use(csp);
      browser.newContext = newContext;
    },
    { scope: "worker", auto: true },
  ],
  csp: [
    async ({ cspWorker, context }, use) => {
      cspWorker.violations.length = 0;
      watch(context, cspWorker);
      await use(cspWorker);
      expect(cspWorker.violations, "Content-Security-Policy violations").toEqual([]);
    },
    { auto: true },
  ],
});
