import { describe, expect, it } from "vitest";
import { formatAmount, formatDate, formatDateTime, formatDay } from "./admin-format";

const nbsp = "\u00a0";

describe("admin formats (fr-FR, Europe/Paris)", () => {
  it("writes dates in Paris time", () => {
    expect(formatDate("2026-05-12T22:30:00.000Z")).toBe("13/05/2026");
    expect(formatDateTime("2026-01-05T08:05:00.000Z")).toBe("05/01/2026 09:05");
    expect(formatDate(null)).toBe("");
    expect(formatDate("n'importe quoi")).toBe("");
  });

  it("writes a calendar day as it is", () => {
    expect(formatDay("2026-05-12")).toBe("12 mai 2026");
    expect(formatDay("")).toBe("");
    expect(formatDay("bientôt")).toBe("bientôt");
  });

  it("writes euros", () => {
    expect(formatAmount(12.9)).toBe(`12,90${nbsp}€`);
    expect(formatAmount(0)).toBe(`0,00${nbsp}€`);
    expect(formatAmount(undefined)).toBe(`0,00${nbsp}€`);
  });
});
