import { describe, expect, it } from "vitest";
import { parseDecimal, parseInteger } from "./typed-numbers";

describe("number parsing of the form (invalid becomes 0)", () => {
  it.each([
    ["12.90", 12.9],
    ["12,90", 12.9],
    [" 7 ", 7],
    ["7,5 €", 7.5],
    ["0.105", 0.11],
    ["", 0],
    ["abc", 0],
    ["1e3", 1000],
  ])("decimal %j -> %d", (text, value) => {
    expect(parseDecimal(text)).toBe(value);
  });

  it.each([
    ["100", 100],
    [" 4 ", 4],
    ["4.7", 4],
    ["", 0],
    ["dix", 0],
  ])("integer %j -> %d", (text, value) => {
    expect(parseInteger(text)).toBe(value);
  });
});
