import { describe, expect, it } from "vitest";
import {
  knownBankDetails,
  type OfferedMethods,
  offeredMethod,
  type PaymentChoice,
  paypalScriptOptions,
} from "./payment";

describe("bank details", () => {
  it("shows only the details the server gave, never a placeholder", () => {
    expect(knownBankDetails(null)).toBeNull();
    expect(knownBankDetails({ bic: " ", beneficiary: "Savonnerie X", bank_name: "" })).toBeNull();
    expect(
      knownBankDetails({ bic: "AGRIFRPP", beneficiary: " Mariam Haddad ", bank_name: "Crédit Agricole" }),
    ).toEqual({ bic: "AGRIFRPP", beneficiary: "Mariam Haddad", bank_name: "Crédit Agricole" });
  });
});

describe("offeredMethod", () => {
  it.each<[PaymentChoice, OfferedMethods, PaymentChoice]>([
    ["paypal", { paypal: true, bank_transfer: true }, "paypal"],
    ["bank_transfer", { paypal: true, bank_transfer: true }, "bank_transfer"],
    // PayPal not configured: bank transfer preselected.
    ["paypal", { paypal: false, bank_transfer: true }, "bank_transfer"],
    // Bank transfer not configured: PayPal.
    ["bank_transfer", { paypal: true, bank_transfer: false }, "paypal"],
    // Neither: the choice stays; the screen says the shop takes no order yet.
    ["paypal", { paypal: false, bank_transfer: false }, "paypal"],
  ])("%s with %o -> %s", (current, offered, expected) => {
    expect(offeredMethod(current, offered)).toBe(expected);
  });
});

describe("paypalScriptOptions", () => {
  it("asks PayPal for EUR, capture, fr_FR, the buttons only, with cards, for the shop's client id", () => {
    expect(paypalScriptOptions("client-abc")).toEqual({
      clientId: "client-abc",
      currency: "EUR",
      intent: "capture",
      locale: "fr_FR",
      components: "buttons",
      enableFunding: "card",
    });
  });
});
