import { describe, expect, it } from "vitest";
import { nextPriceChange, type ProductReduction, priceAnnouncement, priceInForce } from "./price-in-force";

const soldes: ProductReduction = {
  kind: "soldes",
  start: new Date("2027-01-06T07:00:00.000Z"),
  end: new Date("2027-02-02T23:00:00.000Z"),
  price: 899,
  reference: 1000,
};

describe("the price in force", () => {
  it("is the reduction's from its start, included, to its end, excluded", () => {
    expect(priceInForce(1000, [soldes], new Date("2027-01-06T06:59:59.999Z")).price).toBe(1000);
    expect(priceInForce(1000, [soldes], soldes.start)).toEqual({ price: 899, reduction: soldes });
    expect(priceInForce(1000, [soldes], new Date("2027-02-02T22:59:59.999Z")).price).toBe(899);
    expect(priceInForce(1000, [soldes], soldes.end)).toEqual({ price: 1000, reduction: null });
  });

  it("changes next at the nearest start or end to come", () => {
    expect(nextPriceChange([soldes], new Date("2026-12-01T00:00:00Z"))).toEqual(soldes.start);
    expect(nextPriceChange([soldes], soldes.start)).toEqual(soldes.end);
    expect(nextPriceChange([soldes], soldes.end)).toBeNull();
  });

  it("is announced with the struck reference, its mention, the percentage rounded down and the word", () => {
    expect(priceAnnouncement(priceInForce(1000, [soldes], soldes.start), 250)).toEqual({
      price: "8,99\u00a0€",
      unitPrice: "35,96\u00a0€ / kg",
      reduction: {
        label: "Soldes",
        reference: "10,00\u00a0€",
        percent: "-10\u00a0%",
        mention: "Prix de référence : le prix le plus bas des 30 jours précédant la réduction",
      },
    });
    expect(priceAnnouncement(priceInForce(1000, [soldes], soldes.end), 250)).toEqual({
      price: "10,00\u00a0€",
      unitPrice: "40,00\u00a0€ / kg",
      reduction: null,
    });
  });
});
