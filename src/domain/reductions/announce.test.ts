import { describe, expect, it } from "vitest";
import { announcePrice } from "./announce";
import { REFERENCE_MENTION } from "./words";

describe("announcePrice", () => {
  it("announces a « Promotion »: the new price, the reference, the percentage rounded down, the mention", () => {
    expect(
      announcePrice({ price: 6.9, reduction: { kind: "promotion", reference: 8.9 }, grams: 200 }),
    ).toEqual({
      price: "6,90\u00a0€",
      unitPrice: "34,50\u00a0€ / kg",
      reduction: {
        label: "Promotion",
        reference: "8,90\u00a0€",
        // 22.47 % off: never overstated.
        percent: "-22\u00a0%",
        mention: REFERENCE_MENTION,
      },
    });
  });

  it("announces « Soldes » with the €/kg of the price in force", () => {
    const shown = announcePrice({ price: 9.99, reduction: { kind: "soldes", reference: 12.5 }, grams: 300 });
    expect(shown.reduction?.label).toBe("Soldes");
    expect(shown.reduction?.percent).toBe("-20\u00a0%");
    expect(shown.unitPrice).toBe("33,30\u00a0€ / kg");
  });

  it("announces no reduction without one, and no €/kg without a known quantity", () => {
    expect(announcePrice({ price: 12.9, reduction: null, grams: 0 })).toEqual({
      price: "12,90\u00a0€",
      unitPrice: null,
      reduction: null,
    });
    expect(announcePrice({ price: 12.9 }).reduction).toBeNull();
  });

  it("announces no reduction that is not well formed (a stored cart line's may be anything)", () => {
    for (const reduction of [
      { kind: "braderie", reference: 12.9 },
      { kind: "promotion", reference: "12.9" },
      { kind: "soldes", reference: 0 },
      { kind: "toString", reference: 12.9 },
    ])
      expect(announcePrice({ price: 9.9, reduction } as never).reduction).toBeNull();
  });
});
