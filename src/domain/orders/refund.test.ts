import { describe, expect, it } from "vitest";
import { type RefundableOrder, refundAmounts, returnedQuantities, returnProblem } from "./refund";

// 3 × 9,90 € + 1 × 12,00 €, promo −4,17 €, delivery 7,80 €: 45,33 €.
const order: RefundableOrder = {
  items: [
    { product_name: "Savon Premium", unit_price_cents: 990, quantity: 3 },
    { product_name: "Savon Laurier 40 %", unit_price_cents: 1200, quantity: 1 },
  ],
  subtotal_cents: 4170,
  discount_cents: 417,
  shipping_cents: 780,
  total_cents: 4533,
  refunds: [],
};

describe("refund amounts", () => {
  it("refunds the lines at the price paid, less their share of the discount", () => {
    expect(
      refundAmounts(order, { lines: [{ index: 0, quantity: 1, restock: true }], refund_shipping: false }),
    ).toEqual({
      goods_cents: 990,
      discount_cents: 99,
      shipping_cents: 0,
      total_cents: 891,
      full: false,
    });
  });

  it("refunds the whole total when everything comes back with the delivery cost", () => {
    const all = refundAmounts(order, {
      lines: [
        { index: 0, quantity: 3, restock: true },
        { index: 1, quantity: 1, restock: false },
      ],
      refund_shipping: true,
    });
    expect(all).toMatchObject({ total_cents: 4533, full: true });
  });

  it("makes the refunds of one order add up to its total to the cent, whatever the roundings", () => {
    let current: RefundableOrder = { ...order, refunds: [] };
    const steps = [
      { lines: [{ index: 0, quantity: 1, restock: true }], refund_shipping: false },
      { lines: [{ index: 0, quantity: 1, restock: true }], refund_shipping: false },
      { lines: [{ index: 1, quantity: 1, restock: false }], refund_shipping: false },
      { lines: [{ index: 0, quantity: 1, restock: true }], refund_shipping: true },
    ];
    for (const step of steps) {
      expect(returnProblem(current, step)).toBeNull();
      const amounts = refundAmounts(current, step);
      current = {
        ...current,
        refunds: [
          ...(current.refunds ?? []),
          { lines: step.lines, shipping_cents: amounts.shipping_cents, amount_cents: amounts.total_cents },
        ],
      };
    }
    expect(current.refunds?.reduce((sum, refund) => sum + refund.amount_cents, 0)).toBe(4533);
    expect(returnedQuantities(current)).toEqual([3, 1]);
    expect(
      returnProblem(current, { lines: [{ index: 0, quantity: 1, restock: true }], refund_shipping: false }),
    ).toBe("« Savon Premium » a déjà été retourné en totalité.");
  });

  it.each([
    [{ lines: [], refund_shipping: false }, "Choisissez au moins un produit retourné."],
    [
      { lines: [{ index: 0, quantity: 4, restock: true }], refund_shipping: false },
      "Il ne reste que 3 « Savon Premium » à retourner.",
    ],
    [
      { lines: [{ index: 5, quantity: 1, restock: true }], refund_shipping: false },
      "Une ligne du retour ne correspond pas à la commande.",
    ],
    [
      {
        lines: [
          { index: 1, quantity: 1, restock: true },
          { index: 1, quantity: 1, restock: true },
        ],
        refund_shipping: false,
      },
      "Une ligne du retour ne correspond pas à la commande.",
    ],
  ])("refuses %j: %s", (request, message) => {
    expect(returnProblem(order, request)).toBe(message);
  });
});
