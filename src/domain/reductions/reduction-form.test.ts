import { describe, expect, it } from "vitest";
import { reductionInputSchema } from "./reduction";
import {
  emptyReductionForm,
  formErrorsOf,
  ONE_PRODUCT_FOR_A_PRICE,
  periodLabel,
  type ReductionFormState,
  rangeLabel,
  reductionBody,
} from "./reduction-form";
import { nationalSalesPeriods } from "./sales-periods";

const form = (change: Partial<ReductionFormState>): ReductionFormState => ({
  ...emptyReductionForm(),
  productIds: [4],
  amount: "20",
  startsAt: "2027-01-07T08:00",
  endsAt: "2027-01-20T23:59",
  ...change,
});

describe("reductionBody", () => {
  it("sends a percentage with Paris instants the server's schema takes", () => {
    const result = reductionBody(form({ kind: "soldes", productIds: [4, 9] }));
    expect(result).toEqual({
      body: {
        product_ids: [4, 9],
        kind: "soldes",
        change: { type: "percent", percent: 20 },
        starts_at: "2027-01-07T08:00:00+01:00",
        ends_at: "2027-01-20T23:59:00+01:00",
      },
    });
    if ("body" in result) expect(reductionInputSchema.safeParse(result.body).success).toBe(true);
  });

  it("sends a new price in cents for one product, in summer time too", () => {
    const result = reductionBody(
      form({ changeType: "price", amount: "7,90", startsAt: "2027-06-30T08:00", endsAt: "2027-07-10T20:30" }),
    );
    expect(result).toEqual({
      body: {
        product_ids: [4],
        kind: "promotion",
        change: { type: "price", price_cents: 790 },
        starts_at: "2027-06-30T08:00:00+02:00",
        ends_at: "2027-07-10T20:30:00+02:00",
      },
    });
    if ("body" in result) expect(reductionInputSchema.safeParse(result.body).success).toBe(true);
  });

  it("refuses a new price for several products", () => {
    expect(reductionBody(form({ changeType: "price", amount: "7,90", productIds: [4, 9] }))).toEqual({
      errors: { amount: ONE_PRODUCT_FOR_A_PRICE },
    });
  });

  it.each([
    [{ productIds: [] }, { productIds: "Choisissez au moins un produit." }],
    [{ amount: "" }, { amount: "Un pourcentage entier, de 1 à 90." }],
    [{ amount: "12.5" }, { amount: "Un pourcentage entier, de 1 à 90." }],
    [{ amount: "95" }, { amount: "Un pourcentage entier, de 1 à 90." }],
    [{ changeType: "price", amount: "0" }, { amount: "Un prix en euros, plus de 0 (par exemple 7,90)." }],
    [{ changeType: "price", amount: "7,901" }, { amount: "Un prix en euros, plus de 0 (par exemple 7,90)." }],
    [{ startsAt: "" }, { startsAt: "Indiquez la date et l'heure de début." }],
    [{ endsAt: "" }, { endsAt: "Indiquez la date et l'heure de fin." }],
    [{ startsAt: "2027-03-28T02:30" }, { startsAt: "Début : date et heure invalides (heure de Paris)." }],
    [{ endsAt: "2027-01-07T08:00" }, { endsAt: "La fin doit venir après le début." }],
  ] as const)("%o is refused in French next to its field", (change, errors) => {
    expect(reductionBody(form(change as Partial<ReductionFormState>))).toEqual({ errors });
  });
});

describe("formErrorsOf", () => {
  it("puts the server's field messages on the form's fields", () => {
    expect(
      formErrorsOf({
        product_ids: "Choisissez au moins un produit.",
        "change.percent": "90 % au plus.",
        ends_at: "La fin doit venir après le début.",
        other: "ignored",
      }),
    ).toEqual({
      productIds: "Choisissez au moins un produit.",
      amount: "90 % au plus.",
      endsAt: "La fin doit venir après le début.",
    });
  });
});

describe("the Paris dates printed", () => {
  it("says a national period from its first day at 8 h to its last day", () => {
    const [winter] = nationalSalesPeriods(2027);
    expect(
      periodLabel({ starts_at: winter?.start.toISOString() ?? "", ends_at: winter?.end.toISOString() ?? "" }),
    ).toBe("du mercredi 6 janvier 2027 à 8 h au mardi 2 février 2027");
  });

  it("says a reduction's start and end with their hours", () => {
    expect(rangeLabel("2027-01-07T07:00:00.000Z", "2027-07-20T21:59:00.000Z")).toBe(
      "du jeudi 7 janvier 2027 à 8 h au mardi 20 juillet 2027 à 23 h 59",
    );
  });
});
