import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Cart } from "../cart/cart";
import { centsToDecimalText, centsToEuros } from "../money";
import { priceOrder } from "../orders/pricing";
import { defaultSettings, shippingRuleCents } from "../settings/settings";
import { deliveryShipping } from "./delivery";
import { cart, line } from "./fixtures";
import { cartTotals, defaultShippingSettings } from "./totals";

describe("delivery to a pick-up point's figures (issue 31)", () => {
  const home = { standard_cost: 7.8, free_shipping_threshold: 100 };
  const pickup = { cost: 5.9, free_shipping_threshold: 60 };

  it("prices with the pick-up point's cost and threshold in that mode only", () => {
    expect(deliveryShipping(home, pickup, "pickup")).toEqual({
      standard_cost: 5.9,
      free_shipping_threshold: 60,
    });
    expect(deliveryShipping(home, pickup, "home")).toBe(home);
    // Not offered: home delivery's, whatever the mode says.
    expect(deliveryShipping(home, null, "pickup")).toBe(home);
    const big: Cart = [line(1, "65.00", 1)];
    expect(cartTotals(big, deliveryShipping(home, pickup, "pickup"), null)).toEqual({
      subtotal: 6500,
      shipping: 0,
      discount: 0,
      total: 6500,
    });
    expect(cartTotals(big, home, null).shipping).toBe(780);
    expect(cartTotals(cart, deliveryShipping(home, pickup, "pickup"), null)).toEqual({
      subtotal: 2670,
      shipping: 590,
      discount: 0,
      total: 3260,
    });
  });

  it("agrees with the server's pick-up rule for any cart and setting", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({ cents: fc.integer({ min: 1, max: 20_000 }), quantity: fc.integer({ min: 1, max: 9 }) }),
          {
            minLength: 1,
            maxLength: 5,
          },
        ),
        fc.integer({ min: 0, max: 2000 }),
        fc.integer({ min: 0, max: 30_000 }),
        (lines, cost, threshold) => {
          const c: Cart = lines.map((l, index) =>
            line(index + 1, centsToDecimalText(l.cents), l.quantity, 99),
          );
          const setting = {
            ...defaultSettings.shipping,
            pickup_cost: centsToEuros(cost),
            pickup_free_shipping_threshold: centsToEuros(threshold),
          };
          const figures = deliveryShipping(
            defaultShippingSettings,
            { cost: setting.pickup_cost, free_shipping_threshold: setting.pickup_free_shipping_threshold },
            "pickup",
          );
          const server = priceOrder(
            lines.map((l) => ({ unitPriceCents: l.cents, quantity: l.quantity })),
            shippingRuleCents(setting, "pickup"),
            null,
          );
          expect(cartTotals(c, figures, null)).toEqual(server);
        },
      ),
    );
  });
});
