import { describe, expect, it } from "vitest";
import { isDailySummaryTime } from "./daily-summary";

describe("isDailySummaryTime (8:00 Paris)", () => {
  it.each([
    // Winter (UTC+1): 8:00 Paris is 07:00 UTC.
    ["2026-11-25T06:59:59.999Z", false],
    ["2026-11-25T07:00:00.000Z", true],
    ["2026-11-25T22:59:59.000Z", true],
    ["2026-11-25T23:00:00.000Z", false],
    // Summer (UTC+2): 8:00 Paris is 06:00 UTC.
    ["2026-07-01T05:59:59.999Z", false],
    ["2026-07-01T06:00:00.000Z", true],
  ])("%s: %s", (at, expected) => {
    expect(isDailySummaryTime(new Date(at))).toBe(expected);
  });
});
