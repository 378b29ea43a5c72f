/**
 * Playwright's `test` for every spec of the shop. Each page of each test is watched, and the test fails on:
 * - a Content-Security-Policy violation: each page runs under the policy the shop sends (locally as on AWS), and
 *   Chromium prints every refused script, frame, connection or image on the console of the page (or frame) that
 *   tried;
 * - a React hydration error or any error React recovered from (issue 43): React 19 hands them to `reportError`
 *   (an uncaught error for the page) or to the console, as « Minified React error #418 » (the server's HTML and the
 *   first render differ), #419, #421-#423 or #425, or in words (« Hydration failed… », « …while hydrating… »). React
 *   then throws the server's HTML away and renders again: a visitor sees the page redrawn, and nothing says so;
 * - an uncaught error that went through React's runtime (a frame of its chunk, /_astro/react.*.js, in the stack): an
 *   error in a render unmounts the whole island, and the test would otherwise only time out on an empty page.
 * Contexts a test opens itself (`browser.newContext()`) are watched too.
 *
 * A test that causes a violation on purpose reads `csp.violations` and empties it.
 */
import { type Browser, type BrowserContext, test as base, expect } from "@playwright/test";

export * from "@playwright/test";

export interface CspWatch {
  /** What the browser refused during this test, one console line each. */
  violations: string[];
}

interface Watch extends CspWatch {
  /** React's hydration and recoverable errors during this test, one line each. */
  reactErrors: string[];
}

/** What React 19 prints (minified or not) when the server's HTML and the first render differ, or it recovered. */
export const REACT_RECOVERED =
  /react\.dev\/errors\/(?:418|419|421|422|423|425)\b|React error #(?:418|419|421|422|423|425)\b|hydrat(?:ion|ing|ed but)|recoverable error/i;

/** A stack frame in React's runtime chunk (astro.config.mjs groups React in one chunk named `react`). */
const REACT_RUNTIME_FRAME = /\/_astro\/react\.[\w-]+\.js:/;

const watched = new WeakSet<BrowserContext>();

function watch(context: BrowserContext, found: Watch): void {
  if (watched.has(context)) return;
  watched.add(context);
  context.on("console", (message) => {
    const text = message.text();
    const where = message.page()?.url() ?? "?";
    if (/Content Security Policy/i.test(text)) found.violations.push(`${where}: ${text}`);
    if (REACT_RECOVERED.test(text)) found.reactErrors.push(`${where}: ${text}`);
  });
  context.on("weberror", (error) => {
    const text = `${error.error().message}\n${error.error().stack ?? ""}`;
    if (REACT_RECOVERED.test(text) || REACT_RUNTIME_FRAME.test(text))
      found.reactErrors.push(`${error.page()?.url() ?? "?"}: ${text}`);
  });
}

export const test = base.extend<{ csp: CspWatch }, { cspWorker: Watch }>({
  cspWorker: [
    async ({ browser }: { browser: Browser }, use: (value: Watch) => Promise<void>) => {
      const found: Watch = { violations: [], reactErrors: [] };
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (...args) => {
        const context = await newContext(...args);
        watch(context, found);
        return context;
      };
      await use(found);
      browser.newContext = newContext;
    },
    { scope: "worker", auto: true },
  ],
  csp: [
    async ({ cspWorker, context }, use) => {
      cspWorker.violations.length = 0;
      cspWorker.reactErrors.length = 0;
      watch(context, cspWorker);
      await use(cspWorker);
      expect(cspWorker.violations, "Content-Security-Policy violations").toEqual([]);
      expect(cspWorker.reactErrors, "React hydration, recoverable or uncaught errors").toEqual([]);
    },
    { auto: true },
  ],
});
