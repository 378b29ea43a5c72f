import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { DiscountTerms } from "../promos/promo";
import { discountFor, mergeLines, onlySoldes, priceOrder, promoBase, shippingFor } from "./pricing";

const rule = { standardCost: 780, freeThreshold: 10_000 };
const pct = (percent: number, maxDiscount: number | null = null): DiscountTerms => ({
  type: "percentage",
  basisPoints: Math.round(percent * 100),
  maxDiscount,
});
const fixed = (amount: number): DiscountTerms => ({ type: "fixed_amount", amount });

describe("discountFor (golden values)", () => {
  it.each([
    ["34,90 € × 15 %", 3490, pct(15), 524],
    ["149,95 € × 10 %", 14995, pct(10), 1500],
    ["10,00 € × 12,5 %", 1000, pct(12.5), 125],
    ["0,05 € × 10 % (0,005 rounds up)", 5, pct(10), 1],
    ["0,04 € × 10 % (0,004 rounds down)", 4, pct(10), 0],
    ["100 € × 50 % capped at 20 €", 10_000, pct(50, 2000), 2000],
    ["100 € × 100 %", 10_000, pct(100), 10_000],
    ["fixed 5 € on 30 €", 3000, fixed(500), 500],
    ["fixed 50 € on 30 € (capped at the subtotal)", 3000, fixed(5000), 3000],
    ["no promo", 3000, null, 0],
  ])("%s -> %s cents", (_, subtotal, terms, discount) => {
    expect(discountFor(subtotal, terms)).toBe(discount);
  });
});

describe("shippingFor", () => {
  it.each([
    [9999, 780],
    [10_000, 0],
    [10_001, 0],
    [0, 780],
  ])("subtotal %s -> %s", (subtotal, shipping) => {
    expect(shippingFor(subtotal, rule)).toBe(shipping);
  });
});

describe("priceOrder", () => {
  it("adds shipping below the threshold and never discounts shipping", () => {
    expect(priceOrder([{ unitPriceCents: 690, quantity: 2 }], rule, fixed(5000))).toEqual({
      subtotal: 1380,
      shipping: 780,
      discount: 1380,
      total: 780,
    });
  });

  it("gives free shipping when the threshold is exactly reached", () => {
    expect(priceOrder([{ unitPriceCents: 2500, quantity: 4 }], rule, pct(10))).toEqual({
      subtotal: 10_000,
      shipping: 0,
      discount: 1000,
      total: 9000,
    });
  });

  it("keeps totals whole, non-negative cents that add up (property)", () => {
    const terms = fc.oneof(
      fc.record({
        type: fc.constant("percentage" as const),
        basisPoints: fc.integer({ min: 0, max: 10_000 }),
        maxDiscount: fc.option(fc.integer({ min: 0, max: 100_000 }), { nil: null }),
      }),
      fc.record({ type: fc.constant("fixed_amount" as const), amount: fc.integer({ min: 0, max: 100_000 }) }),
    );
    const lines = fc.array(
      fc.record({
        unitPriceCents: fc.integer({ min: 0, max: 50_000 }),
        quantity: fc.integer({ min: 1, max: 50 }),
      }),
      { maxLength: 10 },
    );
    fc.assert(
      fc.property(lines, fc.option(terms, { nil: null }), (ls, t) => {
        const totals = priceOrder(ls, rule, t);
        for (const value of Object.values(totals)) {
          expect(Number.isSafeInteger(value)).toBe(true);
          expect(value).toBeGreaterThanOrEqual(0);
        }
        expect(totals.discount).toBeLessThanOrEqual(totals.subtotal);
        expect(totals.total).toBe(totals.subtotal + totals.shipping - totals.discount);
      }),
    );
  });
});

describe("a promo code and « Soldes »", () => {
  const lines = [
    { unitPriceCents: 1500, quantity: 2, soldes: true },
    { unitPriceCents: 1000, quantity: 1 },
  ];
  const apart: DiscountTerms = { ...pct(10), withSoldes: false };

  it("discounts every line when the code combines, only the others when it does not", () => {
    expect(promoBase(lines, pct(10))).toBe(4000);
    expect(promoBase(lines, apart)).toBe(1000);
    expect(promoBase(lines, null)).toBe(4000);
    expect(priceOrder(lines, rule, pct(10))).toEqual({
      subtotal: 4000,
      shipping: 780,
      discount: 400,
      total: 4380,
    });
    expect(priceOrder(lines, rule, apart)).toEqual({
      subtotal: 4000,
      shipping: 780,
      discount: 100,
      total: 4680,
    });
  });

  it("a fixed amount stops at the lines it discounts; shipping follows the whole subtotal", () => {
    const fiveOff: DiscountTerms = { ...fixed(2000), withSoldes: false };
    expect(priceOrder(lines, { ...rule, freeThreshold: 4000 }, fiveOff)).toEqual({
      subtotal: 4000,
      shipping: 0,
      discount: 1000,
      total: 3000,
    });
  });

  it("says when every line is in « Soldes »", () => {
    expect(onlySoldes(lines)).toBe(false);
    expect(onlySoldes([lines[0] as (typeof lines)[number]])).toBe(true);
    expect(onlySoldes([])).toBe(false);
  });
});

describe("mergeLines", () => {
  it("merges two lines of the same product", () => {
    expect(
      mergeLines([
        { product_id: 1, quantity: 2 },
        { product_id: 2, quantity: 1 },
        { product_id: 1, quantity: 3 },
      ]),
    ).toEqual([
      { product_id: 1, quantity: 5 },
      { product_id: 2, quantity: 1 },
    ]);
  });
});
