import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { CONSENT_STORAGE_KEY, encodeConsent } from "../domain/legal/consent";
import { productParams, saveConsent, startAnalytics, track } from "./analytics";
import { consentNeeded, resetConsentStateForTests } from "./consent-state";
import { resetGtagForTests } from "./gtag";

/**
 * Just enough of a browser for the module: <html data-ga-id>, <head>, localStorage, cookies. `requestedWithConsent`:
 * the page was requested with the acceptance cookie, so its policy allows Google's script (page-boot.js notes it).
 */
function fakeBrowser(gaId: string | undefined, { requestedWithConsent = false } = {}) {
  const storage = new Map<string, string>();
  const scripts: { src: string; async: boolean }[] = [];
  const win: Record<string, unknown> = {};
  const doc = {
    documentElement: {
      dataset: { ...(gaId ? { gaId } : {}), ...(requestedWithConsent ? { analyticsPolicy: "granted" } : {}) },
    },
    head: { append: (script: { src: string; async: boolean }) => scripts.push(script) },
    createElement: () => ({ src: "", async: false }),
    cookie: "",
  };
  vi.stubGlobal("window", win);
  vi.stubGlobal("document", doc);
  vi.stubGlobal("location", {
    hostname: "savon.test",
    protocol: "https:",
    href: "https://savon.test/orders/track/01JORDER#acces=secret",
  });
  vi.stubGlobal("localStorage", {
    getItem: (key: string) => storage.get(key) ?? null,
    setItem: (key: string, value: string) => storage.set(key, value),
  });
  const events = () =>
    ((win.dataLayer as IArguments[] | undefined) ?? [])
      .map((args) => Array.from(args))
      .filter((args) => args[0] === "event");
  return { storage, scripts, win, events };
}

const soap = { id: 3, name: "Savon d'Alep 25 % laurier", price: 12.9 };

beforeEach(() => {
  resetConsentStateForTests();
  resetGtagForTests();
});
/** gtag.ts is imported on demand: let those imports finish. */
const settled = () => vi.dynamicImportSettled();
afterEach(() => vi.unstubAllGlobals());

describe("analytics without a measurement id", () => {
  it("never asks, never loads, never sends", async () => {
    const browser = fakeBrowser(undefined);
    browser.storage.set(CONSENT_STORAGE_KEY, encodeConsent("granted", Date.now()));
    expect(consentNeeded()).toBe(false);
    expect(track("view_item", productParams(soap))).toBe(false);
    expect(startAnalytics()).toBe(false);
    await settled();
    expect(browser.scripts).toHaveLength(0);
    expect(browser.win.dataLayer).toBeUndefined();
  });
});

describe("analytics with a measurement id", () => {
  it("asks first, and drops events until the visitor accepts (nothing queued)", async () => {
    const browser = fakeBrowser("G-TEST1234");
    expect(consentNeeded()).toBe(true);
    expect(track("view_item", productParams(soap))).toBe(false);
    await settled();
    expect(browser.scripts).toHaveLength(0);

    saveConsent("granted");
    await settled();
    expect(consentNeeded()).toBe(false);
    // This page's policy predates the acceptance: Google's script comes with the next page, which the cookie asks.
    expect(browser.scripts).toEqual([]);
    expect(document.cookie).toMatch(
      /^analytics_consent=granted; Path=\/; Max-Age=1\d{7}; SameSite=Lax; Secure$/,
    );
    expect(browser.events()).toEqual([]);

    expect(track("add_to_cart", productParams(soap, 2))).toBe(true);
    await settled();
    expect(browser.events()).toEqual([
      [
        "event",
        "add_to_cart",
        {
          currency: "EUR",
          value: 25.8,
          items: [{ item_id: "3", item_name: soap.name, price: 12.9, quantity: 2 }],
        },
      ],
    ]);
  });

  it("sends nothing and loads nothing after a refusal", async () => {
    const browser = fakeBrowser("G-TEST1234");
    saveConsent("denied");
    expect(consentNeeded()).toBe(false);
    expect(track("view_item", productParams(soap))).toBe(false);
    await settled();
    expect(browser.scripts).toHaveLength(0);
    expect(JSON.parse(browser.storage.get(CONSENT_STORAGE_KEY) ?? "{}").choice).toBe("denied");
    expect(document.cookie).toBe("analytics_consent=; Path=/; Max-Age=0; SameSite=Lax; Secure");
  });

  it("stops sending after a withdrawal", async () => {
    const browser = fakeBrowser("G-TEST1234", { requestedWithConsent: true });
    saveConsent("granted");
    expect(track("view_item", productParams(soap))).toBe(true);
    await settled();
    saveConsent("denied");
    await settled();
    expect(browser.win["ga-disable-G-TEST1234"]).toBe(true);
    expect(track("view_item", productParams(soap))).toBe(false);
    await settled();
    expect(browser.events()).toHaveLength(1);
  });

  it("loads gtag.js once, on a later page with the stored consent", async () => {
    const browser = fakeBrowser("G-TEST1234", { requestedWithConsent: true });
    browser.storage.set(CONSENT_STORAGE_KEY, encodeConsent("granted", Date.now()));
    expect(startAnalytics()).toBe(true);
    expect(track("view_item", productParams(soap))).toBe(true);
    await settled();
    expect(browser.scripts.map((script) => script.src)).toEqual([
      "https://www.googletagmanager.com/gtag/js?id=G-TEST1234",
    ]);
    expect(browser.events()).toHaveLength(1);
    // The page's address goes without its fragment, where a guest's link carries its token (issue 32).
    const config = ((browser.win.dataLayer as IArguments[] | undefined) ?? [])
      .map((args) => Array.from(args))
      .find((args) => args[0] === "config");
    expect(config).toEqual([
      "config",
      "G-TEST1234",
      { page_location: "https://savon.test/orders/track/01JORDER" },
    ]);
  });

  it("writes the cookie of an acceptance stored before it existed, for the choice's remaining time", async () => {
    const browser = fakeBrowser("G-TEST1234");
    const now = Date.UTC(2026, 10, 24);
    browser.storage.set(CONSENT_STORAGE_KEY, encodeConsent("granted", now - 30 * 86_400_000));
    vi.setSystemTime(now);
    try {
      expect(startAnalytics()).toBe(true);
    } finally {
      vi.useRealTimers();
    }
    const maxAge = Number(document.cookie.match(/Max-Age=(\d+)/)?.[1]);
    // Six months from the choice, one of which has passed.
    expect(maxAge / 86_400).toBeGreaterThan(150);
    expect(maxAge / 86_400).toBeLessThan(155);
    await settled();
    expect(browser.scripts).toEqual([]);
  });
});
