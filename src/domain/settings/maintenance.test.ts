import { describe, expect, it } from "vitest";
import {
  countdown,
  isExemptFromMaintenance,
  LEGAL_PAGES,
  maintenanceUrl,
  NOT_IN_MAINTENANCE,
  readMaintenance,
  safeReturnPath,
} from "./maintenance";

describe("readMaintenance", () => {
  it("reads an enabled state with its end", () => {
    expect(
      readMaintenance({
        enabled: true,
        message: "  Inventaire annuel  ",
        countdown_hours: 2,
        countdown_minutes: 30,
        ends_at: "2026-05-12T14:30:00.000Z",
      }),
    ).toEqual({ enabled: true, message: "Inventaire annuel", endsAt: Date.UTC(2026, 4, 12, 14, 30) });
  });

  it.each([
    ["null", null],
    ["a string", "enabled"],
    ["disabled", { enabled: false, message: "x", ends_at: null }],
    ["enabled as text", { enabled: "true" }],
    ["an array", [true]],
  ])("treats %s as not in maintenance (a failed check is no maintenance)", (_label, body) => {
    expect(readMaintenance(body)).toEqual(NOT_IN_MAINTENANCE);
  });

  it("keeps the maintenance on without a usable end date", () => {
    expect(readMaintenance({ enabled: true, message: 3, ends_at: "bientôt" })).toEqual({
      enabled: true,
      message: "",
      endsAt: null,
    });
  });
});

describe("countdown", () => {
  const now = Date.UTC(2026, 0, 1, 12, 0, 0);
  it.each([
    [((2 * 24 + 3) * 3600 + 4 * 60 + 5) * 1000, { days: 2, hours: 3, minutes: 4, seconds: 5, over: false }],
    [(2 * 3600 + 30 * 60) * 1000, { days: 0, hours: 2, minutes: 30, seconds: 0, over: false }],
    [59_999, { days: 0, hours: 0, minutes: 1, seconds: 0, over: false }],
    [1, { days: 0, hours: 0, minutes: 0, seconds: 1, over: false }],
    [0, { days: 0, hours: 0, minutes: 0, seconds: 0, over: true }],
    [-5000, { days: 0, hours: 0, minutes: 0, seconds: 0, over: true }],
  ])("%s ms left", (left, expected) => {
    expect(countdown(now + left, now)).toEqual(expected);
  });

  it("goes down by one second per second", () => {
    const end = now + 10_000;
    expect(countdown(end, now).seconds).toBe(10);
    expect(countdown(end, now + 1000).seconds).toBe(9);
  });
});

describe("safeReturnPath", () => {
  it.each([
    ["/product/3", "/product/3"],
    ["/faq?x=1#q2", "/faq?x=1#q2"],
    ["/", "/"],
    [null, "/"],
    ["", "/"],
    ["https://evil.example/", "/"],
    ["//evil.example/x", "/"],
    ["/\\evil.example", "/"],
    ["javascript:alert(1)", "/"],
    ["/maintenance", "/"],
    ["/maintenance?from=/faq", "/"],
    ["/%2e%2e/etc", "/etc"],
  ])("%s -> %s", (from, expected) => {
    expect(safeReturnPath(from)).toBe(expected);
  });
});

describe("maintenanceUrl", () => {
  it("keeps the page to come back to", () => {
    expect(maintenanceUrl("/product/1?ref=x")).toBe("/maintenance?from=%2Fproduct%2F1%3Fref%3Dx");
    expect(maintenanceUrl("/")).toBe("/maintenance");
  });
});

describe("isExemptFromMaintenance", () => {
  it.each([
    ["/maintenance", true],
    ["/maintenance/", true],
    ["/admin", true],
    ["/admin/", true],
    ["/administration", false],
    ["/", false],
    ["/product/1", false],
    ["/faq", false],
    ["/cart", false],
    // Code de la consommation L221-21: the withdrawal function and the legal pages stay reachable.
    ["/retractation", true],
    ["/retractation/", true],
    ["/cgv", true],
    ["/legal-mentions", true],
    ["/returns-and-exchanges", true],
    ["/accessibilite", true],
    ["/copyright", true],
    ["/retractations", false],
    // Issue 32: a guest's tracking link keeps its token in the fragment, never in /maintenance?from=.
    ["/orders/track", true],
    ["/orders/track/01JORDER", true],
    ["/orders", false],
  ])("%s -> %s", (path, exempt) => {
    expect(isExemptFromMaintenance(path)).toBe(exempt);
  });
});

describe("LEGAL_PAGES", () => {
  it("lists the withdrawal function first, then every legal page of the footer, each open during maintenance", () => {
    expect(LEGAL_PAGES[0]).toEqual({ href: "/retractation", label: "Se rétracter du contrat ici" });
    expect(LEGAL_PAGES.map((page) => page.href)).toEqual(
      expect.arrayContaining([
        "/cgv",
        "/legal-mentions",
        "/returns-and-exchanges",
        "/accessibilite",
        "/copyright",
      ]),
    );
    for (const page of LEGAL_PAGES) expect(isExemptFromMaintenance(page.href)).toBe(true);
  });
});
