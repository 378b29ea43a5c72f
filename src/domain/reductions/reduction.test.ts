import { describe, expect, it } from "vitest";
import {
  type ReducedProduct,
  type ReductionInput,
  reducedPrice,
  reductionInputSchema,
  reductionRefusals,
} from "./reduction";
import { salesPeriod } from "./sales-periods";

const winter = salesPeriod(2027, "winter");
const now = new Date("2026-12-20T10:00:00.000Z");
const soap: ReducedProduct = {
  id: 1,
  name: "Savon d'Alep 20 %",
  price: 1000,
  reference: 1000,
  onSaleSince: new Date("2026-03-01T00:00:00.000Z"),
  scheduled: [],
};
const soldes: ReductionInput = {
  product_ids: [1],
  kind: "soldes",
  change: { type: "percent", percent: 20 },
  starts_at: winter.start.toISOString(),
  ends_at: winter.end.toISOString(),
};

describe("the owner's reduction", () => {
  it("reads a percentage or a new price, and refuses an end before the start in French", () => {
    expect(reductionInputSchema.parse(soldes)).toEqual(soldes);
    const backwards = reductionInputSchema.safeParse({ ...soldes, ends_at: soldes.starts_at });
    expect(backwards.error?.issues[0]?.message).toBe("La fin doit venir après le début.");
    const tooMuch = reductionInputSchema.safeParse({ ...soldes, change: { type: "percent", percent: 95 } });
    expect(tooMuch.error?.issues[0]?.message).toBe("Une réduction de 90 % au plus.");
    expect(reductionInputSchema.safeParse({ ...soldes, product_ids: [] }).success).toBe(false);
  });

  it("reduces by a percentage to the nearest cent, or sets the new price", () => {
    expect(reducedPrice(1290, { type: "percent", percent: 15 })).toBe(1097);
    expect(reducedPrice(1290, { type: "price", price_cents: 990 })).toBe(990);
  });

  it("accepts « Soldes » inside the national period for goods on sale a month before", () => {
    expect(reductionRefusals(soldes, [soap], now)).toEqual([]);
  });

  it("refuses « Soldes » outside the national period, and accepts « Promotion » there", () => {
    const march = {
      ...soldes,
      starts_at: "2027-03-03T08:00:00+01:00",
      ends_at: "2027-03-10T08:00:00+01:00",
    };
    expect(reductionRefusals(march, [soap], now)[0]).toMatch(
      /^« Soldes » n'est permis que pendant les soldes/,
    );
    expect(reductionRefusals({ ...march, kind: "promotion" }, [soap], now)).toEqual([]);
  });

  it("names a product on sale for less than a month before the sales", () => {
    const recent = { ...soap, name: "Savon au lait d'ânesse", onSaleSince: new Date("2026-12-15T00:00:00Z") };
    expect(reductionRefusals(soldes, [soap, recent], now)).toEqual([
      "« Savon au lait d'ânesse » est en vente depuis moins d'un mois avant le début des soldes (6 janvier 2027) : il ne peut pas y figurer.",
    ]);
  });

  it("refuses a price not at least 1 % under the reference price, which may be lower than today's", () => {
    const risen = { ...soap, price: 1200, reference: 1000 };
    const refusals = reductionRefusals({ ...soldes, change: { type: "percent", percent: 10 } }, [risen], now);
    expect(refusals).toEqual([
      "« Savon d'Alep 20 % » : le nouveau prix (10,80\u00a0€) doit être inférieur d'au moins 1 % au prix de référence, le plus bas des 30 jours précédents (10,00\u00a0€).",
    ]);
    const fresh = { ...soap, reference: null };
    expect(reductionRefusals(soldes, [fresh], now)[0]).toMatch(/n'avait pas de prix avant le début/);
  });

  it("refuses a reduction overlapping another on the same product, with its dates", () => {
    const busy = {
      ...soap,
      scheduled: [
        {
          start: new Date("2027-01-20T07:00:00Z"),
          end: new Date("2027-01-27T07:00:00Z"),
          kind: "promotion" as const,
        },
      ],
    };
    expect(reductionRefusals(soldes, [busy], now)).toEqual([
      "« Savon d'Alep 20 % » a déjà une réduction du 20 janvier 2027 au 27 janvier 2027 : deux réductions ne peuvent pas se chevaucher.",
    ]);
    const after = {
      ...soap,
      scheduled: [{ start: winter.end, end: new Date("2027-02-10T07:00:00Z"), kind: "promotion" as const }],
    };
    expect(reductionRefusals(soldes, [after], now)).toEqual([]);
  });

  it("refuses a reduction already over", () => {
    const late = new Date("2027-03-01T00:00:00Z");
    expect(reductionRefusals(soldes, [soap], late)).toContain(
      "La réduction serait déjà terminée : choisissez une fin à venir.",
    );
  });
});
