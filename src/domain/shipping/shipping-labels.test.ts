import { describe, expect, it } from "vitest";
import { isParcelNumber, labelKey, labelRefusal, parcelWeightGrams } from "./shipping-labels";

describe("labelRefusal", () => {
  it("lets only a paid order still to prepare get a label", () => {
    expect(labelRefusal({ status: "confirmed", payment_status: "completed" })).toBeNull();
  });

  it.each([
    [{ status: "pending", payment_status: "pending" }, /pas encore payée/],
    [{ status: "cancelled", payment_status: "refunded" }, /annulée/],
    [{ status: "shipped", payment_status: "completed" }, /déjà expédiée/],
    [{ status: "delivered", payment_status: "completed" }, /déjà expédiée/],
  ])("refuses %j in French", (order, message) => {
    expect(labelRefusal(order)).toMatch(message);
  });
});

describe("parcelWeightGrams", () => {
  const weights = new Map([
    [1, 200],
    [2, 1000],
  ]);

  it("adds each line's net weight times its quantity, and the packaging", () => {
    expect(
      parcelWeightGrams(
        [
          { product_id: 1, quantity: 3 },
          { product_id: 2, quantity: 1 },
        ],
        weights,
        150,
      ),
    ).toBe(1750);
  });

  it("counts a product of unknown weight as nothing, and never weighs less than a gram", () => {
    expect(parcelWeightGrams([{ product_id: 9, quantity: 2 }], weights, 120)).toBe(120);
    expect(parcelWeightGrams([{ product_id: 9, quantity: 2 }], weights, 0)).toBe(1);
  });
});

describe("labelKey", () => {
  it("keeps each order's labels under its own folder", () => {
    expect(labelKey("01JABC", "6A12345678901")).toBe("labels/01JABC/6A12345678901.pdf");
  });

  it("takes only a parcel number: nothing of the carrier's answer can leave the order's folder", () => {
    for (const bad of ["../../../../evil", "6A1234567890/", "6A12345678901.pdf", "6A 2345678901", "6A1", ""])
      expect(() => labelKey("01JABC", bad)).toThrow(/Not a parcel number/);
  });
});

describe("isParcelNumber", () => {
  it.each([
    ["6A12345678901", true],
    ["CP123456789FR", true],
    ["8R00000000001", true],
    ["6a12345678901", true],
    ["6A123456789", true],
    ["6A1234567890123", true],
    ["6A1234567890", true],
    ["6A12345678", false],
    ["6A12345678901234", false],
    ["6A1234567890\u0000", false],
    ["6A12345678901\n", false],
    ["6A-2345678901", false],
    ["..%2F2345678901", false],
  ])("%j: %s", (value, expected) => {
    expect(isParcelNumber(value)).toBe(expected);
  });
});
