import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { appliedPromo } from "../../../functions/promos/service";
import type { Cart } from "../cart/cart";
import { centsToDecimalText, centsToEuros } from "../money";
import { ORDER_NOTES_MAX } from "../orders/order";
import { discountFor, priceOrder } from "../orders/pricing";
import { defaultSettings, shippingRuleCents } from "../settings/settings";
import { cart, line } from "./fixtures";
import { ORDER_NOTES_LIMIT } from "./request-bodies";
import {
  type AppliedPromo,
  cartTotals,
  defaultShippingSettings,
  freeShippingRemaining,
  parseStoredPromo,
  promoNeedsRevalidation,
  promoTerms,
  totalsFromPriceChange,
} from "./totals";

describe("copies of the server's constants", () => {
  it("has the server's limits, defaults and messages", () => {
    expect(ORDER_NOTES_LIMIT).toBe(ORDER_NOTES_MAX);
    expect(defaultShippingSettings).toEqual({
      standard_cost: defaultSettings.shipping.standard_cost,
      free_shipping_threshold: defaultSettings.shipping.free_shipping_threshold,
    });
  });
});

describe("cartTotals", () => {
  it("prices the cart in cents with shipping below the threshold", () => {
    expect(cartTotals(cart, defaultShippingSettings, null)).toEqual({
      subtotal: 2670,
      shipping: 780,
      discount: 0,
      total: 3450,
    });
  });

  it("ships for free from the threshold", () => {
    const big = [line(5, "34.90", 3)];
    expect(cartTotals(big, defaultShippingSettings, null)).toMatchObject({ subtotal: 10470, shipping: 0 });
    expect(freeShippingRemaining(10470, defaultShippingSettings)).toBe(0);
    expect(freeShippingRemaining(2670, defaultShippingSettings)).toBe(7330);
  });

  it("never lets the discount touch shipping, nor the total go below 0", () => {
    const promo: AppliedPromo = {
      id: "P",
      code: "GROS",
      discount_type: "fixed_amount",
      discount_value: 500,
      discount_amount: 26.7,
    };
    expect(cartTotals(cart, defaultShippingSettings, promo)).toEqual({
      subtotal: 2670,
      shipping: 780,
      discount: 2670,
      total: 780,
    });
  });

  it("agrees with the server for any cart, shipping rule and promo (cap inferred from the validation)", () => {
    const promoArb = fc.record({
      type: fc.constantFrom("percentage" as const, "fixed_amount" as const),
      value: fc.integer({ min: 1, max: 10_000 }),
      cap: fc.option(fc.integer({ min: 1, max: 20_000 }), { nil: null }),
    });
    const linesArb = fc.array(
      fc.record({ cents: fc.integer({ min: 1, max: 20_000 }), quantity: fc.integer({ min: 1, max: 20 }) }),
      { minLength: 1, maxLength: 5 },
    );
    fc.assert(
      fc.property(
        linesArb,
        linesArb,
        promoArb,
        fc.integer({ min: 0, max: 2000 }),
        fc.integer({ min: 0, max: 30_000 }),
        (validatedLines, lines, p, cost, threshold) => {
          const toCart = (ls: typeof lines): Cart =>
            ls.map((l, index) => line(index + 1, centsToDecimalText(l.cents), l.quantity, 99));
          const shipping = {
            standard_cost: centsToEuros(cost),
            free_shipping_threshold: centsToEuros(threshold),
          };
          const rules = {
            discount_type: p.type,
            discount_value: p.type === "percentage" ? Math.min(p.value, 10_000) : p.value,
            max_discount_cents: p.type === "percentage" ? p.cap : null,
          };
          const serverTerms =
            rules.discount_type === "percentage"
              ? {
                  type: "percentage" as const,
                  basisPoints: rules.discount_value,
                  maxDiscount: rules.max_discount_cents,
                }
              : { type: "fixed_amount" as const, amount: rules.discount_value };
          // What POST /api/promo/validate answers for the cart it was asked about.
          const validated = toCart(validatedLines);
          const validatedSubtotal = cartTotals(validated, shipping, null).subtotal;
          const record = { id: "P1", code: "CODE", ...rules } as Parameters<typeof appliedPromo>[0];
          const answer = appliedPromo(
            record,
            discountFor(validatedSubtotal, serverTerms),
            [],
            validatedSubtotal,
          );
          const stored: AppliedPromo = { ...answer, subtotal_amount: centsToEuros(validatedSubtotal) };

          // Same cart as validated: exactly the server's order price.
          const server = (c: Cart) =>
            priceOrder(
              c.map((item) => ({
                unitPriceCents: Math.round(Number(item.price) * 100),
                quantity: item.quantity,
              })),
              shippingRuleCents({
                ...shipping,
                shipping_company: "Colissimo",
                pickup_cost: 0,
                pickup_free_shipping_threshold: 0,
              }),
              serverTerms,
            );
          expect(cartTotals(validated, shipping, stored)).toEqual(server(validated));
          // Another cart: exact whenever the cap (if any) showed at validation.
          const other = toCart(lines);
          const uncapped = discountFor(validatedSubtotal, { ...serverTerms, maxDiscount: null } as never);
          const capShowed = rules.max_discount_cents === null || uncapped > rules.max_discount_cents;
          if (rules.discount_type === "fixed_amount" || capShowed) {
            expect(cartTotals(other, shipping, stored)).toEqual(server(other));
          }
        },
      ),
    );
  });
});

describe("a code that does not combine with « Soldes »", () => {
  it("previews the discount the server answers, on the lines it did not leave, for any cart", () => {
    const linesArb = fc.array(
      fc.record({
        cents: fc.integer({ min: 1, max: 20_000 }),
        quantity: fc.integer({ min: 1, max: 20 }),
        soldes: fc.boolean(),
      }),
      { minLength: 1, maxLength: 5 },
    );
    fc.assert(
      fc.property(linesArb, fc.integer({ min: 1, max: 10_000 }), (ls, basisPoints) => {
        const shop = ls.map((l, index) => ({ ...l, id: index + 1 }));
        const server = shop.map((l) => ({ unitPriceCents: l.cents, quantity: l.quantity, soldes: l.soldes }));
        const terms = {
          type: "percentage" as const,
          basisPoints,
          maxDiscount: null,
          withSoldes: false as const,
        };
        const excluded = shop.filter((l) => l.soldes).map((l) => l.id);
        const eligible = server
          .filter((l) => !l.soldes)
          .reduce((sum, l) => sum + l.unitPriceCents * l.quantity, 0);
        const record = {
          id: "P2",
          code: "HORSSOLDES",
          discount_type: "percentage",
          discount_value: basisPoints,
        } as Parameters<typeof appliedPromo>[0];
        const answer = appliedPromo(record, discountFor(eligible, terms), excluded, eligible);
        const validated = shop.map((l) => line(l.id, centsToDecimalText(l.cents), l.quantity, 99));
        const subtotal = cartTotals(validated, defaultShippingSettings, null).subtotal;
        const stored = parseStoredPromo(
          JSON.parse(JSON.stringify({ ...answer, subtotal_amount: centsToEuros(subtotal) })),
        );
        const rule = shippingRuleCents({
          ...defaultShippingSettings,
          shipping_company: "Colissimo",
          pickup_cost: 0,
          pickup_free_shipping_threshold: 0,
        });
        expect(cartTotals(validated, defaultShippingSettings, stored)).toEqual(
          priceOrder(server, rule, excluded.length ? terms : { ...terms, withSoldes: undefined }),
        );
      }),
    );
  });
});

describe("applied promo", () => {
  it("reads what the store saved and refuses malformed values", () => {
    const promo = {
      id: "01P",
      code: "BIENVENUE",
      discount_type: "percentage",
      discount_value: 10,
      discount_amount: 2.67,
      subtotal_amount: 26.7,
    };
    expect(parseStoredPromo(promo)).toEqual(promo);
    expect(parseStoredPromo({ ...promo, subtotal_amount: "x" })).toEqual({
      ...promo,
      subtotal_amount: undefined,
    });
    expect(parseStoredPromo({ ...promo, discount_type: "gift" })).toBeNull();
    expect(parseStoredPromo({ ...promo, id: "" })).toBeNull();
    expect(parseStoredPromo("BIENVENUE")).toBeNull();
    expect(parseStoredPromo(null)).toBeNull();
  });

  it("infers a percentage's cap from the server's discount", () => {
    const capped: AppliedPromo = {
      id: "P",
      code: "MOITIE",
      discount_type: "percentage",
      discount_value: 50,
      discount_amount: 20,
      subtotal_amount: 100,
    };
    expect(promoTerms(capped)).toEqual({ type: "percentage", basisPoints: 5000, maxDiscount: 2000 });
    expect(promoTerms({ ...capped, discount_amount: 50 })).toEqual({
      type: "percentage",
      basisPoints: 5000,
      maxDiscount: null,
    });
    expect(promoTerms({ ...capped, discount_type: "fixed_amount", discount_value: 5 })).toEqual({
      type: "fixed_amount",
      amount: 500,
    });
  });

  it("asks the server again when the subtotal changed", () => {
    const promo: AppliedPromo = {
      id: "P",
      code: "X",
      discount_type: "percentage",
      discount_value: 10,
      discount_amount: 2.67,
      subtotal_amount: 26.7,
    };
    expect(promoNeedsRevalidation(promo, 2670)).toBe(false);
    expect(promoNeedsRevalidation(promo, 3360)).toBe(true);
    expect(promoNeedsRevalidation({ ...promo, subtotal_amount: undefined }, 2670)).toBe(true);
  });
});

describe("totalsFromPriceChange", () => {
  it("reads the server's totals of a 409 PRICE_CHANGED", () => {
    expect(
      totalsFromPriceChange({
        code: "PRICE_CHANGED",
        totals: { subtotal_amount: 27.7, shipping_amount: 7.8, discount_amount: 0, total_amount: 35.5 },
      }),
    ).toEqual({ subtotal: 2770, shipping: 780, discount: 0, total: 3550 });
    expect(totalsFromPriceChange({ code: "PRICE_CHANGED" })).toBeNull();
    expect(totalsFromPriceChange({ totals: { total_amount: 1 } })).toBeNull();
  });
});
