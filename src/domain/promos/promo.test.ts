import { describe, expect, it } from "vitest";
import { normalizePromoCode, type PromoRules, promoRejection, promoRejectionMessage } from "./promo";

const now = new Date("2026-11-22T12:00:00Z");
const promo: PromoRules = {
  code: "BIENVENUE",
  discount_type: "percentage",
  discount_value: 1000,
  min_order_cents: 2000,
  max_discount_cents: null,
  usage_limit: 10,
  usage_count: 3,
  max_uses_per_user: 1,
  is_active: true,
  starts_at: "2026-01-01T00:00:00Z",
  expires_at: "2026-12-31T23:00:00Z",
  combines_with_soldes: true,
};
const ok = { subtotal: 5000, now, usesToday: 0 };

describe("promoRejection", () => {
  it.each([
    ["a valid promo", promo, ok, null],
    ["an unknown code", null, ok, "PROMO_INVALID"],
    ["an inactive promo", { ...promo, is_active: false }, ok, "PROMO_INVALID"],
    ["a promo starting tomorrow", { ...promo, starts_at: "2026-11-23T00:00:00Z" }, ok, "PROMO_NOT_STARTED"],
    ["an expired promo", { ...promo, expires_at: "2026-11-22T11:59:59Z" }, ok, "PROMO_EXPIRED"],
    ["a promo that never expires", { ...promo, expires_at: null }, ok, null],
    ["a promo at its usage limit", { ...promo, usage_count: 10 }, ok, "PROMO_EXHAUSTED"],
    ["an unlimited promo", { ...promo, usage_limit: null, usage_count: 999 }, ok, null],
    ["a promo already used today", promo, { ...ok, usesToday: 1 }, "PROMO_USER_LIMIT"],
    ["a cart under the minimum", promo, { ...ok, subtotal: 1999 }, "PROMO_MIN_ORDER"],
    ["a cart exactly at the minimum", promo, { ...ok, subtotal: 2000 }, null],
    ["a cart all in « Soldes », the code combining", promo, { ...ok, onlySoldes: true }, null],
    [
      "a cart all in « Soldes », the code not combining",
      { ...promo, combines_with_soldes: false },
      { ...ok, subtotal: 0, onlySoldes: true },
      "PROMO_SOLDES_EXCLUDED",
    ],
    [
      "some lines not in « Soldes », their subtotal under the minimum",
      { ...promo, combines_with_soldes: false },
      { ...ok, subtotal: 1999 },
      "PROMO_MIN_ORDER",
    ],
  ] as const)("%s -> %s", (_, p, context, reason) => {
    expect(promoRejection(p, context)).toBe(reason);
  });
});

describe("messages", () => {
  it("names the minimum amount in euros", () => {
    expect(promoRejectionMessage("PROMO_MIN_ORDER", { min_order_cents: 5000 })).toBe(
      "Ce code promo nécessite un minimum de commande de 50,00\u00a0€.",
    );
    expect(promoRejectionMessage("PROMO_INVALID")).toBe("Code promo invalide");
    expect(promoRejectionMessage("PROMO_SOLDES_EXCLUDED")).toBe(
      "Ce code ne s'applique pas aux articles soldés.",
    );
  });
});

describe("codes", () => {
  it("normalises codes", () => {
    expect(normalizePromoCode("  bienvenue10 ")).toBe("BIENVENUE10");
  });
});
