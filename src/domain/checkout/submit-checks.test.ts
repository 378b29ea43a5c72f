import { describe, expect, it } from "vitest";
import { pickupMessages } from "../orders/pickup-point";
import { guestMessages } from "./guest-form";
import { checkoutMessages } from "./messages";
import { checkoutError, paypalButtonsEnabled } from "./submit-checks";

describe("checkoutError", () => {
  const ok = {
    signedIn: true,
    addressId: "A1",
    paymentMethod: "bank_transfer" as const,
    senderName: "Marie Curie",
    termsAccepted: true,
  };

  it("checks in the spec's order", () => {
    expect(
      checkoutError({ ...ok, signedIn: false, addressId: null, senderName: "", termsAccepted: false }),
    ).toBe("Veuillez vous connecter pour continuer");
    expect(checkoutError({ ...ok, addressId: null, senderName: "", termsAccepted: false })).toBe(
      "Veuillez sélectionner une adresse de livraison",
    );
    expect(checkoutError({ ...ok, senderName: "  ", termsAccepted: false })).toBe(
      "Veuillez indiquer le nom de la personne qui effectuera le virement",
    );
    expect(checkoutError({ ...ok, termsAccepted: false })).toBe(
      "Veuillez accepter les conditions générales de vente pour continuer",
    );
    expect(checkoutError(ok)).toBeNull();
  });

  it("needs no sender name for PayPal", () => {
    expect(checkoutError({ ...ok, paymentMethod: "paypal", senderName: "" })).toBeNull();
  });

  it("to a pick-up point, what it lacks comes right after the address (issue 31)", () => {
    const point = pickupMessages.pointRequired;
    expect(checkoutError({ ...ok, addressId: null, deliveryProblem: point })).toBe(
      checkoutMessages.addressRequired,
    );
    expect(checkoutError({ ...ok, deliveryProblem: point, senderName: "", termsAccepted: false })).toBe(
      point,
    );
    expect(checkoutError({ ...ok, deliveryProblem: pickupMessages.mobileRequired, senderName: "" })).toBe(
      pickupMessages.mobileRequired,
    );
    expect(checkoutError({ ...ok, deliveryProblem: null, senderName: "" })).toBe(
      checkoutMessages.senderNameRequired,
    );
    expect(checkoutError({ ...ok, deliveryProblem: null })).toBeNull();
  });

  it("enables the PayPal buttons only when loaded, with an address and the terms accepted", () => {
    expect(paypalButtonsEnabled({ loading: false, addressId: "A", termsAccepted: true })).toBe(true);
    expect(paypalButtonsEnabled({ loading: true, addressId: "A", termsAccepted: true })).toBe(false);
    expect(paypalButtonsEnabled({ loading: false, addressId: null, termsAccepted: true })).toBe(false);
    expect(paypalButtonsEnabled({ loading: false, addressId: "A", termsAccepted: false })).toBe(false);
    // To a pick-up point: with nothing lacking there either (issue 31).
    const ready = { loading: false, addressId: "A", termsAccepted: true };
    expect(paypalButtonsEnabled({ ...ready, deliveryProblem: null })).toBe(true);
    expect(paypalButtonsEnabled({ ...ready, deliveryProblem: pickupMessages.pointRequired })).toBe(false);
    expect(paypalButtonsEnabled({ ...ready, deliveryProblem: pickupMessages.mobileRequired })).toBe(false);
  });
});

describe("ordering without an account (issue 32)", () => {
  it("the submit checks: her details instead of the session and the address; then the same as a customer's", () => {
    const base = {
      signedIn: false,
      addressId: null,
      paymentMethod: "bank_transfer" as const,
      senderName: "Marie",
      termsAccepted: true,
    };
    expect(checkoutError({ ...base, guest: { problem: guestMessages.detailsInvalid } })).toBe(
      guestMessages.detailsInvalid,
    );
    expect(checkoutError({ ...base, guest: { problem: null } })).toBeNull();
    expect(
      checkoutError({ ...base, guest: { problem: null }, deliveryProblem: pickupMessages.pointRequired }),
    ).toBe(pickupMessages.pointRequired);
    expect(checkoutError({ ...base, guest: { problem: null }, senderName: "" })).toBe(
      checkoutMessages.senderNameRequired,
    );
    expect(checkoutError({ ...base, guest: { problem: null }, termsAccepted: false })).toBe(
      checkoutMessages.termsRequired,
    );
    // No guest: the customer's checks, unchanged.
    expect(checkoutError(base)).toBe(checkoutMessages.signInRequired);
  });

  it("PayPal's buttons: a guest needs no address chosen, the terms still", () => {
    expect(paypalButtonsEnabled({ loading: false, addressId: null, termsAccepted: true, guest: true })).toBe(
      true,
    );
    expect(paypalButtonsEnabled({ loading: false, addressId: null, termsAccepted: false, guest: true })).toBe(
      false,
    );
    expect(paypalButtonsEnabled({ loading: false, addressId: null, termsAccepted: true })).toBe(false);
  });
});
