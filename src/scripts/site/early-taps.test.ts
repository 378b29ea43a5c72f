import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import { EARLY_MODULES } from "./early-taps";

const SCRIPTS = join(import.meta.dirname, "..");
const pageBoot = readFileSync(join(SCRIPTS, "inline", "page-boot.js"), "utf8");

/** page-boot.js run as a page's head runs it, with the listeners it adds collected. */
function bootedPage() {
  const listeners = new Map<string, (event: unknown) => void>();
  const window: Record<string, unknown> = {
    document: {
      cookie: "",
      documentElement: { dataset: {}, classList: { add() {} }, hasAttribute: () => false },
    },
    sessionStorage: { getItem: () => null },
    addEventListener: (type: string, listener: (event: unknown) => void, capture?: boolean) => {
      if (capture) listeners.set(type, listener);
    },
    dispatchEvent() {},
    setTimeout() {},
  };
  window.window = window;
  runInNewContext(pageBoot, window);
  const taps = window.earlyTaps as { ready: string[]; kept: [string, unknown][] };
  /** An event of `type` on an element inside what `inside` matches (a selector of page-boot.js's list). */
  const tap = (type: string, inside: string) => {
    const control = { inside };
    const event = {
      type,
      target: { closest: (selector: string) => (selector === inside ? control : null) },
      prevented: false,
      stopped: false,
      preventDefault() {
        this.prevented = true;
      },
      stopPropagation() {
        this.stopped = true;
      },
    };
    listeners.get(type)?.(event);
    return { event, control };
  };
  return { taps, tap };
}

describe("taps before the page's modules (page-boot.js)", () => {
  it("keeps a click on « Ajouter au panier » of the prebuilt page until the buy box's module is ready", () => {
    const { taps, tap } = bootedPage();
    const first = tap("click", "[data-buy-box] [data-buy-box-add]");
    expect(first.event.prevented && first.event.stopped).toBe(true);
    expect(taps.kept).toEqual([["buy-box", first.control]]);

    taps.ready.push("buy-box");
    const later = tap("click", "[data-buy-box] [data-buy-box-add]");
    expect(later.event.prevented || later.event.stopped).toBe(false);
    expect(taps.kept).toHaveLength(1);
  });

  it("keeps the waitlist form sent, not a click in it; leaves every other click alone", () => {
    const { taps, tap } = bootedPage();
    expect(tap("click", "[data-buy-box] form[data-waitlist]").event.prevented).toBe(false);
    expect(tap("submit", "[data-buy-box] form[data-waitlist]").event.prevented).toBe(true);
    expect(tap("click", "a[href='/cart']").event.prevented).toBe(false);
    // The buy box of a product added after the build is a React island: it answers at once.
    expect(tap("click", "[data-buy-box-add]").event.prevented).toBe(false);
    expect(taps.kept.map(([module]) => module)).toEqual(["waitlist"]);
  });

  it("names the same modules as early-taps.ts, and each of them plays its taps", () => {
    const named = [...pageBoot.matchAll(/\["([a-z-]+)", "(?:click|submit)", "/g)].map(([, name]) => name);
    expect(named.toSorted()).toEqual([...EARLY_MODULES].toSorted());
    const sources = ["site", "storefront"]
      .flatMap((folder) => readdirSync(join(SCRIPTS, folder)).map((file) => join(SCRIPTS, folder, file)))
      .filter((file) => file.endsWith(".ts") && !file.endsWith(".test.ts"))
      .map((file) => readFileSync(file, "utf8"))
      .join("\n");
    for (const module of EARLY_MODULES) expect(sources, module).toContain(`playEarlyTaps("${module}")`);
  });
});
