import { describe, expect, it } from "vitest";
import { dayLabelsUrl } from "./day-labels";

describe("the day's labels", () => {
  it.each([
    // Paris is UTC+1 in winter and UTC+2 in summer: the day turns at its midnight, not at UTC's.
    ["2026-11-27T22:59:59Z", "2026-11-27"],
    ["2026-11-27T23:00:00Z", "2026-11-28"],
    ["2026-07-14T21:59:59Z", "2026-07-14"],
    ["2026-07-14T22:00:00Z", "2026-07-15"],
  ])("prints the labels of the Paris day of %s: %s", (now, day) => {
    expect(dayLabelsUrl(new Date(now))).toBe(`/api/admin/shipping/labels?date=${day}`);
  });
});
