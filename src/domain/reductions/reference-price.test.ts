import { describe, expect, it } from "vitest";
import { type PriceChange, type PriceChangeReason, percentOff, referencePrice } from "./reference-price";

const START = new Date("2027-01-06T07:00:00.000Z");
const DAY = 86_400_000;
/** A history line `days` days before the reduction's start (negative: before). */
const at = (days: number, price: number, reason: PriceChangeReason = "edited"): PriceChange => ({
  price,
  from: new Date(START.getTime() + days * DAY).toISOString(),
  reason,
});

describe("the reference price: the lowest of the 30 days before the reduction", () => {
  it.each<[string, PriceChange[], number | null]>([
    ["a steady price", [at(-90, 1000, "created")], 1000],
    ["a rise 10 days ago: the lower price still counts", [at(-90, 800, "created"), at(-10, 1000)], 800],
    [
      "a rise 40 days ago: the lower price is older than 30 days",
      [at(-90, 800, "created"), at(-40, 1000)],
      1000,
    ],
    [
      "a rise exactly 30 days before: the lower price ended as the window opened",
      [at(-90, 800, "created"), at(-30, 1000)],
      1000,
    ],
    ["a fall 5 days ago: the new lower price", [at(-90, 1200, "created"), at(-5, 1000)], 1000],
    ["a rise then a fall inside the window", [at(-90, 1000, "created"), at(-20, 1300), at(-3, 1100)], 1000],
    [
      "a second step of a reduction: the price before the first step",
      [at(-90, 1000, "created"), at(-7, 900, "reduction_start")],
      1000,
    ],
    [
      "three steps: still the price before the first",
      [at(-90, 1000, "created"), at(-14, 900, "reduction_start"), at(-7, 800, "reduction_start")],
      1000,
    ],
    [
      "an earlier reduction that ended inside the window counts",
      [at(-90, 1000, "created"), at(-20, 900, "reduction_start"), at(-10, 1000, "reduction_end")],
      900,
    ],
    ["a product created 10 days ago: its 10 days", [at(-10, 1000, "created")], 1000],
    ["created 10 days ago, lowered 5 days ago", [at(-10, 1200, "created"), at(-5, 1000)], 1000],
    [
      "a first line written for an older product counts like an edit",
      [at(-90, 1000, "recorded"), at(-2, 950, "edited")],
      950,
    ],
    ["nothing before the start: no reference", [at(0, 1000, "created")], null],
    ["an empty history", [], null],
  ])("%s", (_, history, expected) => {
    expect(referencePrice(history, START)).toBe(expected);
    expect(referencePrice([...history].reverse(), START)).toBe(expected);
  });

  it("ignores a line that never applied (two changes at the same instant: the later one stands)", () => {
    const history = [at(-90, 1000, "created"), at(-5, 500), { ...at(-5, 1100), from: at(-5, 0).from }];
    expect(referencePrice(history, START)).toBe(1000);
  });
});

describe("percentOff", () => {
  it.each([
    [1000, 899, 10],
    [1000, 900, 10],
    [1000, 901, 9],
    [1299, 999, 23],
    [1000, 1000, 0],
    [1000, 1100, 0],
    [0, 0, 0],
  ])("%i -> %i is %i %% (rounded down)", (reference, price, expected) => {
    expect(percentOff(reference, price)).toBe(expected);
  });
});
