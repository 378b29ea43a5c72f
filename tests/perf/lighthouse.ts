/**
 * Lighthouse (mobile, simulated throttling: its defaults) on pages of a running shop, in Debian's Chromium driven by
 * Playwright. The browser is a persistent profile started with a debugging port: Lighthouse opens its tab in that
 * profile, so a page measured "signed in, items in the cart" sees the cookies and the cart a Playwright page put
 * there (`keepStorage`; the HTTP cache is emptied all the same). Every other page is measured as a first visit (Lighthouse clears the origin's storage and
 * the cache before loading it).
 */
import { mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type BrowserContext, chromium } from "@playwright/test";
import lighthouse from "lighthouse";

export interface PageFigures {
  url: string;
  /** Performance score, 0-100. */
  score: number;
  /** Total Blocking Time, ms. */
  tbt: number;
  /** Largest Contentful Paint, ms. */
  lcp: number;
  /** First Contentful Paint, ms. */
  fcp: number;
  cls: number;
  /** Bytes over the wire (compressed) by kind. */
  jsBytes: number;
  htmlBytes: number;
  cssBytes: number;
  imageBytes: number;
  /** What Lighthouse names as the LCP element, when it says. */
  lcpElement: string | null;
}

/** A free TCP port on the loopback interface. */
async function freePort(): Promise<number> {
  return await new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

export interface LighthouseBrowser {
  /** The browser's default profile: what its pages store, Lighthouse's tab sees. */
  context: BrowserContext;
  measure(url: string, options?: { keepStorage?: boolean }): Promise<PageFigures>;
  close(): Promise<void>;
}

interface NetworkItem {
  resourceType?: string;
  transferSize?: number;
}

/** Starts Chromium (CHROMIUM_PATH or /usr/bin/chromium) for Lighthouse runs. */
export async function startLighthouseBrowser(): Promise<LighthouseBrowser> {
  const port = await freePort();
  const profile = await mkdtemp(join(tmpdir(), "lighthouse-profile-"));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    headless: true,
    args: [`--remote-debugging-port=${port}`, "--no-sandbox", "--disable-gpu", "--no-first-run"],
  });
  return {
    context,
    async measure(url, { keepStorage = false } = {}) {
      // Kept storage keeps the HTTP cache too: emptied, so that every run downloads the page's files like the first
      // (the state set-up and earlier runs would otherwise have cached them).
      if (keepStorage) {
        const page = await context.newPage();
        await (await context.newCDPSession(page)).send("Network.clearBrowserCache");
        await page.close();
      }
      const result = await lighthouse(url, {
        port,
        logLevel: "error",
        output: "json",
        onlyCategories: ["performance"],
        disableStorageReset: keepStorage,
        // The 404 page is measured as a shopper meets it: at an unknown address, with its 404 status.
        ignoreStatusCode: true,
      });
      if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
      const { lhr } = result;
      if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.message}`);
      const audit = (id: string) => lhr.audits[id];
      const value = (id: string) => audit(id)?.numericValue ?? Number.NaN;
      const items = ((audit("network-requests")?.details as { items?: NetworkItem[] } | undefined)?.items ??
        []) as NetworkItem[];
      const bytes = (type: string) =>
        items
          .filter((item) => item.resourceType === type)
          .reduce((sum, item) => sum + (item.transferSize ?? 0), 0);
      return {
        url,
        score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
        tbt: Math.round(value("total-blocking-time")),
        lcp: Math.round(value("largest-contentful-paint")),
        fcp: Math.round(value("first-contentful-paint")),
        cls: Math.round(value("cumulative-layout-shift") * 1000) / 1000,
        jsBytes: bytes("Script"),
        htmlBytes: bytes("Document"),
        cssBytes: bytes("Stylesheet"),
        imageBytes: bytes("Image"),
        lcpElement: lcpElement(lhr.audits),
      };
    },
    async close() {
      await context.close();
      await rm(profile, { recursive: true, force: true });
    },
  };
}

/** The LCP element's selector, from the audit that names it (its id changed across Lighthouse versions). */
function lcpElement(audits: Record<string, { details?: unknown }>): string | null {
  for (const id of ["largest-contentful-paint-element", "lcp-breakdown-insight"]) {
    const found = JSON.stringify(audits[id]?.details ?? null).match(/"selector":"([^"]+)"/);
    if (found) return found[1] as string;
  }
  return null;
}
