import { describe, expect, it } from "vitest";
import { centsToDecimalText, centsToEuros, eurosToCents, formatEuros, parseEurosText } from "./money";

const nbsp = "\u00a0";

describe("eurosToCents", () => {
  it.each([
    [12.9, 1290],
    [0.1 + 0.2, 30],
    [7.8, 780],
    [19.99, 1999],
    [1.005, 101],
    [0, 0],
    [100, 10000],
    [-2.5, -250],
  ])("%s € -> %s cents", (euros, cents) => {
    expect(eurosToCents(euros)).toBe(cents);
  });

  it("refuses non-finite amounts", () => {
    expect(() => eurosToCents(Number.NaN)).toThrow(RangeError);
    expect(() => eurosToCents(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });
});

describe("centsToEuros and centsToDecimalText", () => {
  it.each([
    [1290, 12.9, "12.90"],
    [780, 7.8, "7.80"],
    [5, 0.05, "0.05"],
    [0, 0, "0.00"],
    [123456, 1234.56, "1234.56"],
  ])("%s cents -> %s € / %s", (cents, euros, text) => {
    expect(centsToEuros(cents)).toBe(euros);
    expect(centsToDecimalText(cents)).toBe(text);
  });
});

describe("formatEuros (fr-FR)", () => {
  it.each([
    [1290, `12,90${nbsp}€`],
    [780, `7,80${nbsp}€`],
    [0, `0,00${nbsp}€`],
    [10000, `100,00${nbsp}€`],
  ])("%s cents -> %s", (cents, text) => {
    expect(formatEuros(cents)).toBe(text);
  });

  it("groups thousands the French way", () => {
    expect(formatEuros(123456)).toBe("1\u202f234,56\u00a0€");
  });

  it("prints what Intl's fr-FR euro format prints, for every amount tried", () => {
    const intl = new Intl.NumberFormat("fr-FR", { style: "currency", currency: "EUR" });
    const amounts = [
      ...Array.from({ length: 4001 }, (_, index) => (index - 2000) * 37),
      ...[99_999, 100_000, 999_999, 1_000_000, 123_456_789, 100_000_000_000, -99_999_999].flatMap((c) => [
        c,
        c + 1,
      ]),
      ...[0.5, 1.5, -1.5, 2.49, 1234.5, -1234.5],
    ];
    for (const cents of amounts)
      expect(formatEuros(cents), `${cents} cents`).toBe(intl.format(centsToEuros(cents)));
  });

  // Issue 28 item 7: a credit note printed « Livraison -0,00 € » (a free delivery negated). Nothing shows a
  // negative zero: -0, and any negative that rounds to zero cents, is « 0,00 € »; a real negative keeps its sign.
  it.each([
    [-0, `0,00${nbsp}€`],
    [-0.4, `0,00${nbsp}€`],
    [-0.5, `0,00${nbsp}€`],
    [0.4, `0,00${nbsp}€`],
    [-1, `-0,01${nbsp}€`],
    [-780, `-7,80${nbsp}€`],
  ])("%s cents -> %s (never a negative zero)", (cents, text) => {
    expect(formatEuros(cents)).toBe(text);
  });
});

describe("no negative zero in machine amounts either", () => {
  it.each([
    [-0, "0.00"],
    [-0.4, "0.00"],
    [-1, "-0.01"],
    [-1290, "-12.90"],
  ])("centsToDecimalText(%s) -> %s", (cents, text) => {
    expect(centsToDecimalText(cents)).toBe(text);
  });

  it("centsToEuros(-0) is 0, not -0 (JSON and every formatter built on it)", () => {
    expect(Object.is(centsToEuros(-0), 0)).toBe(true);
    expect(Object.is(centsToEuros(-0.4), 0)).toBe(true);
  });
});

describe("parseEurosText", () => {
  it.each([
    ["12,90", 1290],
    ["12.9", 1290],
    [" 7 ", 700],
    ["7,80 €", 780],
    ["0", 0],
  ])("%j -> %s cents", (text, cents) => {
    expect(parseEurosText(text)).toBe(cents);
  });

  it.each(["", "abc", "-3", "1,234", "12,", "1e3"])("%j is refused", (text) => {
    expect(parseEurosText(text)).toBeNull();
  });
});
