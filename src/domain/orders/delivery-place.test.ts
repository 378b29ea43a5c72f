import { describe, expect, it } from "vitest";
import { deliveryPlaceKey } from "./delivery-place";

const home = { country: "France", postal_code: "13001", address_line1: "5 rue du Four" };

describe("deliveryPlaceKey", () => {
  it.each([
    ["punctuation and spaces", { ...home, address_line1: "5, Rue du  Four" }],
    ["accents and case", { ...home, address_line1: "5 RUE DÛ FOUR" }],
    ["spaces in the postal code", { ...home, postal_code: " 13 001" }],
  ])("is the same place whatever the %s", (_, typed) => {
    expect(deliveryPlaceKey(typed)).toBe(deliveryPlaceKey(home));
  });

  it.each([
    ["another number", { ...home, address_line1: "7 rue du Four" }],
    ["another town", { ...home, postal_code: "13002" }],
    ["another country", { ...home, country: "Belgique" }],
  ])("tells %s apart", (_, other) => {
    expect(deliveryPlaceKey(other)).not.toBe(deliveryPlaceKey(home));
  });
});
