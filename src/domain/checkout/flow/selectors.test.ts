import { describe, expect, it } from "vitest";
import { pickupMessages } from "../../orders/pickup-point";
import { checkoutMessages } from "../messages";
import { guestReady, home, jeanne, phases, pickupReady, ready } from "./fixtures";
import { deliveryAddress, deliveryProblem, pickupPhone, submitProblem, submitting } from "./selectors";
import { PHASES } from "./state";

describe("placing the order", () => {
  it("a request is in flight only while a transfer is placed or a payment captured", () => {
    expect(PHASES.filter((name) => submitting(ready(phases[name])))).toEqual([
      "placing_transfer",
      "paypal_capturing",
    ]);
  });
});

describe("delivery to a pick-up point (issue 31)", () => {
  it("what it lacks: a point, then a French mobile (06 or 07, any spacing); nothing for home delivery", () => {
    const pickup = (pointId: string | null, phone: string) => ({ mode: "pickup" as const, pointId, phone });
    expect(deliveryProblem(pickup(null, ""))).toBe(pickupMessages.pointRequired);
    expect(deliveryProblem(pickup(null, "06 12 34 56 78"))).toBe(pickupMessages.pointRequired);
    expect(deliveryProblem(pickup("R1", ""))).toBe(pickupMessages.mobileRequired);
    expect(deliveryProblem(pickup("R1", "04 90 00 00 00"))).toBe(pickupMessages.mobileRequired);
    expect(deliveryProblem(pickup("R1", "06 12 34 56"))).toBe(pickupMessages.mobileRequired);
    expect(deliveryProblem(pickup("R1", "06 12 34 56 78"))).toBeNull();
    expect(deliveryProblem(pickup("R1", "+33 7 12 34 56 78"))).toBeNull();
    expect(deliveryProblem({ mode: "home" })).toBeNull();
  });
});

describe("ordering without an account (issue 32)", () => {
  it("then the same checks as a customer's, in the same order", () => {
    expect(submitProblem(guestReady({ senderName: "" }), false)).toBe(checkoutMessages.senderNameRequired);
    expect(submitProblem(guestReady({ terms: false }), false)).toBe(checkoutMessages.termsRequired);
    expect(submitProblem(guestReady({ ...pickupReady, pickupPoint: null }), false)).toBe(
      pickupMessages.pointRequired,
    );
  });

  it("the pick-up point's search and mobile start from the address she types", () => {
    const state = guestReady(pickupReady);
    expect(deliveryAddress(state)).toEqual({ postal_code: "69001", city: "Lyon", phone: "06 12 34 56 78" });
    expect(
      deliveryAddress(guestReady({ guest: { ...jeanne, address: { ...jeanne.address, postal_code: " " } } })),
    ).toBeNull();
    expect(pickupPhone({ ...state, pickupPhone: null })).toBe("06 12 34 56 78");
    expect(
      pickupPhone({
        ...state,
        pickupPhone: null,
        guest: { ...jeanne, address: { ...jeanne.address, phone: "04 72 00 00 00" } },
      }),
    ).toBe("");
    // A customer's: the chosen address of her book.
    expect(deliveryAddress(ready())?.postal_code).toBe(home.postal_code);
  });
});
