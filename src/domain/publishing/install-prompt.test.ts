import { describe, expect, it } from "vitest";
import {
  DISMISS_MS,
  dismissalFor,
  isDismissed,
  isIosDevice,
  pagesSeenFrom,
  promptAllowedHere,
  promptKind,
} from "./install-prompt";

const now = Date.UTC(2026, 4, 12, 10, 0, 0);
const day = 24 * 60 * 60 * 1000;

describe("dismissalFor", () => {
  it.each([
    ["later", "session"],
    ["declined", "session"],
    ["accepted", "week"],
    ["ios-acknowledged", "week"],
  ] as const)("%s dismisses for the %s", (outcome, dismissal) => {
    expect(dismissalFor(outcome)).toBe(dismissal);
  });
});

describe("isDismissed", () => {
  it.each([
    ["never dismissed", null, null, false],
    ["dismissed in this session", "1", null, true],
    ["dismissed 1 day ago", null, String(now - day), true],
    ["dismissed 6 days 23 h ago", null, String(now - DISMISS_MS + 3_600_000), true],
    ["dismissed exactly 7 days ago", null, String(now - DISMISS_MS), false],
    ["dismissed 8 days ago", null, String(now - 8 * day), false],
    ["a date in the future", null, String(now + day), true],
    ["unreadable date", null, "hier", false],
    ["zero", null, "0", false],
  ])("%s", (_label, session, week, dismissed) => {
    expect(isDismissed({ session, week, now })).toBe(dismissed);
  });
});

describe("isIosDevice", () => {
  const device = (userAgent: string, platform = "", maxTouchPoints = 0) => ({
    userAgent,
    platform,
    maxTouchPoints,
  });
  it.each([
    [device("Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15"), true],
    [device("Mozilla/5.0 (iPad; CPU OS 16_0 like Mac OS X)"), true],
    [device("Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7)", "MacIntel", 5), true],
    [device("Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7)", "MacIntel", 0), false],
    [device("Mozilla/5.0 (Linux; Android 14; Pixel 8)", "Linux armv8l", 5), false],
    [device("Mozilla/5.0 (X11; Linux x86_64) Chrome/130", "Linux x86_64", 0), false],
  ])("%o -> %s", (info, ios) => {
    expect(isIosDevice(info)).toBe(ios);
  });
});

describe("promptKind", () => {
  const base = { dismissed: false, standalone: false, ios: false, canInstall: false };
  it.each([
    [{ ...base, canInstall: true }, "native"],
    [{ ...base, ios: true }, "ios"],
    [base, "none"],
    [{ ...base, canInstall: true, dismissed: true }, "none"],
    [{ ...base, ios: true, dismissed: true }, "none"],
    [{ ...base, canInstall: true, standalone: true }, "none"],
    [{ ...base, ios: true, standalone: true }, "none"],
  ] as const)("%o -> %s", (input, kind) => {
    expect(promptKind(input)).toBe(kind);
  });
});

describe("promptAllowedHere", () => {
  it.each<[number, string, boolean]>([
    [0, "/", false],
    [1, "/faq", false],
    [2, "/faq", true],
    [5, "/", true],
    // Never where it would cover the price, « Ajouter au panier » or the checkout's buttons.
    [5, "/product/3", false],
    [5, "/product/", false],
    [5, "/cart", false],
    [5, "/Cart/", false],
    [5, "/payment", false],
    [5, "/Payment", false],
    [5, "/products-guide", true],
  ])("%i pages seen, %s -> %s", (pagesSeen, path, allowed) => {
    expect(promptAllowedHere({ pagesSeen, path })).toBe(allowed);
  });

  it("reads the stored count safely", () => {
    expect(pagesSeenFrom(null)).toBe(0);
    expect(pagesSeenFrom("3")).toBe(3);
    expect(pagesSeenFrom("-1")).toBe(0);
    expect(pagesSeenFrom("abc")).toBe(0);
  });
});
