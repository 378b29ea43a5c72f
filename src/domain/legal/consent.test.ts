import { describe, expect, it } from "vitest";
import { consentExpiry, currentConsent, encodeConsent, validMeasurementId } from "./consent";

const at = Date.UTC(2026, 0, 15, 9, 0, 0);

describe("consentExpiry", () => {
  it.each([
    [Date.UTC(2026, 0, 15), Date.UTC(2026, 6, 15)],
    [Date.UTC(2025, 7, 31), Date.UTC(2026, 1, 28)],
    [Date.UTC(2027, 7, 31), Date.UTC(2028, 1, 29)],
    [Date.UTC(2026, 11, 1), Date.UTC(2027, 5, 1)],
  ])("%s -> %s (6 calendar months)", (from, to) => {
    expect(consentExpiry(from)).toBe(to);
  });
});

describe("currentConsent", () => {
  it.each([
    ["granted", "granted"],
    ["denied", "denied"],
  ] as const)("remembers %s", (choice, expected) => {
    expect(currentConsent(encodeConsent(choice, at), at + 1000)).toBe(expected);
  });

  it("asks again after 6 months", () => {
    const stored = encodeConsent("denied", at);
    expect(currentConsent(stored, consentExpiry(at) - 1)).toBe("denied");
    expect(currentConsent(stored, consentExpiry(at))).toBeNull();
  });

  it.each([
    ["nothing stored", null],
    ["empty", ""],
    ["not JSON", "oui"],
    ["a pre-ticked default", JSON.stringify({ choice: "default", at })],
    ["no date", JSON.stringify({ choice: "granted" })],
    ["a date in the future", JSON.stringify({ choice: "granted", at: at + 86_400_000 })],
    ["JSON null", "null"],
  ])("%s: no choice in force", (_label, stored) => {
    expect(currentConsent(stored, at)).toBeNull();
  });
});

describe("validMeasurementId", () => {
  it.each([
    ["G-ABC123XYZ", "G-ABC123XYZ"],
    [" G-ABC123XYZ ", "G-ABC123XYZ"],
    ["", null],
    [undefined, null],
    ["UA-12345-1", null],
    ['G-1234"><script>', null],
  ])("%s -> %s", (value, expected) => {
    expect(validMeasurementId(value)).toBe(expected);
  });
});
