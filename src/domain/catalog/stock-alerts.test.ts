import { describe, expect, it } from "vitest";
import { parseWaitlistToken, saleWatch, unitsToNotify, waitlistToken } from "./stock-alerts";

describe("saleWatch", () => {
  const product = (stock: number, alerted?: string) => ({
    stock,
    low_stock_threshold: 5,
    low_stock_alerted_at: alerted,
  });
  it.each([
    { stock: 20, quantity: 1, first: true, want: { mode: "above", stockAbove: 6 } },
    { stock: 8, quantity: 2, first: true, want: { mode: "above", stockAbove: 7 } },
    { stock: 7, quantity: 3, first: true, want: { mode: "check" } },
    { stock: 6, quantity: 1, first: true, want: { mode: "check" } },
    { stock: 3, quantity: 1, first: true, want: { mode: "check" } },
    { stock: 20, quantity: 1, first: false, want: { mode: "check" } },
  ])("$stock in stock, $quantity sold, first attempt $first", ({ stock, quantity, first, want }) => {
    expect(saleWatch(product(stock), quantity, first)).toEqual(want);
  });
  it("trusts the flag when the sale stays at or below the threshold", () => {
    expect(saleWatch(product(4, "2026-11-01T00:00:00.000Z"), 1, true)).toEqual({ mode: "alerted" });
    expect(saleWatch(product(40, "2026-11-01T00:00:00.000Z"), 1, true).mode).toBe("above");
  });
});

describe("unitsToNotify", () => {
  it.each([
    [2, 2, 2],
    [24, 3, 3],
    [1, 40, 1],
    [0, 5, 0],
    [3, 0, 0],
    [-2, 5, 0],
  ])("increase %i, %i in stock: %i", (increase, stock, want) => {
    expect(unitsToNotify(increase, stock)).toBe(want);
  });
});

describe("waitlist tokens", () => {
  const key = "a".repeat(64);
  it("round-trips", () => {
    expect(parseWaitlistToken(waitlistToken(12, key, "s3cret_-abcdefghijklmnop"))).toEqual({
      productId: 12,
      emailKey: key,
      secret: "s3cret_-abcdefghijklmnop",
    });
  });
  it.each([
    "",
    "12.x.y",
    `0.${key}.abcdefghijklmnopqrstu`,
    `12.${key}.short`,
    `12.${key}.abcdefghijklmnopqrstu.extra`,
    "someone@example.com",
  ])("refuses %s", (token) => {
    expect(parseWaitlistToken(token)).toBeNull();
  });
});
