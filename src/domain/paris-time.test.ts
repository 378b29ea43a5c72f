import { describe, expect, it } from "vitest";
import { parisDateTime, parisDay } from "./paris-time";

describe("parisDay", () => {
  it.each([
    ["2026-11-22T22:59:59Z", "2026-11-22"],
    ["2026-11-22T23:00:00Z", "2026-11-23"],
    ["2026-07-01T21:59:59Z", "2026-07-01"],
    ["2026-07-01T22:00:00Z", "2026-07-02"],
  ])("%s is %s in Paris", (iso, day) => {
    expect(parisDay(new Date(iso))).toBe(day);
  });
});

describe("parisDateTime", () => {
  it.each([
    ["2026-11-24T08:28:00.000Z", "mardi 24 novembre 2026 à 09:28"],
    ["2026-07-14T21:05:00.000Z", "mardi 14 juillet 2026 à 23:05"],
  ])("%s", (at, text) => expect(parisDateTime(new Date(at))).toBe(text));
});
