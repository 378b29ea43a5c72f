import { describe, expect, it } from "vitest";
import { parisInstant, parisWallText, parisWallTime } from "./paris-wall-time";

describe("parisWallTime", () => {
  it("is 8:00 in Paris, an hour ahead of UTC in winter and two in summer", () => {
    expect(parisWallTime("2027-01-13", 8).toISOString()).toBe("2027-01-13T07:00:00.000Z");
    expect(parisWallTime("2027-06-23", 8).toISOString()).toBe("2027-06-23T06:00:00.000Z");
    expect(parisWallTime("2026-10-25", 0).toISOString()).toBe("2026-10-24T22:00:00.000Z");
  });
});

describe("parisInstant", () => {
  it.each([
    ["2027-01-07T08:00", "2027-01-07T08:00:00+01:00", "2027-01-07T07:00:00.000Z"],
    ["2027-07-01T23:30", "2027-07-01T23:30:00+02:00", "2027-07-01T21:30:00.000Z"],
    ["2026-12-31T00:00", "2026-12-31T00:00:00+01:00", "2026-12-30T23:00:00.000Z"],
    // The spring change: 1:59 is still winter time, 3:00 already summer time.
    ["2027-03-28T01:59", "2027-03-28T01:59:00+01:00", "2027-03-28T00:59:00.000Z"],
    ["2027-03-28T03:00", "2027-03-28T03:00:00+02:00", "2027-03-28T01:00:00.000Z"],
    // The autumn change repeats 2:00-2:59: its first occurrence, still summer time.
    ["2026-10-25T02:30", "2026-10-25T02:30:00+02:00", "2026-10-25T00:30:00.000Z"],
  ])("%s in Paris is %s", (wall, iso, utc) => {
    expect(parisInstant(wall)).toBe(iso);
    expect(new Date(iso).toISOString()).toBe(utc);
  });

  it("is null for a time the spring change skips, and for anything but a datetime-local value", () => {
    for (const text of [
      "2027-03-28T02:30",
      "",
      "2027-01-07",
      "2027-13-01T08:00",
      "2027-02-30T08:00",
      "demain 8h",
    ])
      expect(parisInstant(text)).toBeNull();
  });

  it("reads back as the wall time typed, whatever the process's own zone", () => {
    const iso = parisInstant("2027-01-20T23:59");
    expect(iso && parisWallText(new Date(iso))).toBe("2027-01-20T23:59");
  });
});
