import { describe, expect, it } from "vitest";
import {
  type CosmeticInfo,
  durabilityLabel,
  EMPTY_COSMETIC_INFO,
  incompleteProductMessage,
  isValidGtin,
  missingCosmeticFields,
  unitPriceCentsPerKg,
  unitPriceLabel,
} from "./cosmetics";
import { cosmeticInfoSchema } from "./product";

const complete: CosmeticInfo = {
  reference: "SAL-TRAD-200",
  gtin: "",
  cosmetic_function: "Nettoyant pour le corps et le visage",
  inci: "Sodium Olivate, Sodium Laurate, Aqua, Glycerin",
  precautions: "Éviter le contact avec les yeux.",
  net_weight_g: 200,
  allergens: "Aucun",
  pao_months: 12,
  durability_date: "",
};

describe("missingCosmeticFields", () => {
  it.each<[string, Partial<CosmeticInfo>, string[]]>([
    ["complete", {}, []],
    ["no GTIN is fine (the reference identifies it)", { gtin: "" }, []],
    ["a durability date instead of a PAO", { pao_months: 0, durability_date: "2027-06-30" }, []],
    ["no reference", { reference: " " }, ["reference"]],
    ["no function", { cosmetic_function: "" }, ["cosmetic_function"]],
    ["no INCI", { inci: "\n" }, ["inci"]],
    ["no precautions", { precautions: "" }, ["precautions"]],
    ["weight 0", { net_weight_g: 0 }, ["net_weight_g"]],
    ["weight not an integer", { net_weight_g: 12.5 }, ["net_weight_g"]],
    ["allergens empty (« Aucun » must be written)", { allergens: "" }, ["allergens"]],
    ["neither PAO nor date", { pao_months: 0, durability_date: "" }, ["durability"]],
    [
      "everything empty, in form order",
      EMPTY_COSMETIC_INFO,
      ["reference", "cosmetic_function", "inci", "precautions", "net_weight_g", "allergens", "durability"],
    ],
  ])("%s", (_label, change, missing) => {
    expect(missingCosmeticFields({ ...complete, ...change })).toEqual(missing);
  });

  it("names the fields in French", () => {
    expect(incompleteProductMessage(["inci", "allergens"])).toBe(
      "Ce produit ne peut pas être mis en vente tant que ces informations manquent : Liste des ingrédients (INCI), Allergènes.",
    );
  });
});

describe("unitPriceCentsPerKg (integer cents, nearest cent, halves up)", () => {
  it.each<[number, number, number | null]>([
    [690, 200, 3450],
    [1290, 400, 3225],
    [990, 300, 3300],
    [3490, 600, 5817], // 58,1666… → 58,17
    [2690, 600, 4483], // 44,8333… → 44,83
    [100, 3, 33333], // 333,333… → 333,33
    [1, 200, 5], // 0,05 exactly
    [1, 400, 3], // 0,025 → 0,03 (half up)
    [1, 2000, 1], // 0,005 → 0,01 (half up)
    [0, 200, 0],
    [690, 0, null],
    [690, -5, null],
    [690, 12.5, null],
  ])("%i cents for %s g → %s", (cents, grams, perKg) => {
    expect(unitPriceCentsPerKg(cents, grams)).toBe(perKg);
  });

  it("formats fr-FR", () => {
    expect(unitPriceLabel(12.9, 400)).toBe("32,25\u00a0€ / kg");
    expect(unitPriceLabel(6.9, 0)).toBe("");
  });
});

describe("isValidGtin", () => {
  it.each([
    ["4006381333931", true], // EAN-13
    ["4006381333932", false], // wrong check digit
    ["96385074", true], // EAN-8
    ["036000291452", true], // UPC-A
    ["10012345678902", true], // GTIN-14
    ["400638133393", false], // 12 digits, wrong check
    ["40063813339a1", false],
    ["", false],
  ] as const)("%s → %s", (value, valid) => {
    expect(isValidGtin(value)).toBe(valid);
  });
});

describe("durabilityLabel", () => {
  it.each([
    [{ pao_months: 12, durability_date: "" }, "12 mois après ouverture (12M)"],
    [{ pao_months: 0, durability_date: "2027-12-31" }, "À utiliser de préférence avant le 31/12/2027"],
    [{ pao_months: 0, durability_date: "" }, ""],
  ])("%o → %s", (info, label) => {
    expect(durabilityLabel(info)).toBe(label);
  });
});

describe("cosmeticInfoSchema", () => {
  it("defaults every field to empty (stored products and older clients)", () => {
    expect(cosmeticInfoSchema.parse({})).toEqual(EMPTY_COSMETIC_INFO);
  });
  it.each([
    [
      { gtin: "4006381333932" },
      "Le code EAN/GTIN est invalide (8, 12, 13 ou 14 chiffres, clé de contrôle comprise).",
    ],
    [{ net_weight_g: 12.5 }, "La quantité nominale est un nombre entier de grammes."],
    [{ pao_months: -1 }, "La durée après ouverture ne peut pas être négative."],
    [{ durability_date: "31/12/2027" }, "La date de durabilité minimale doit être une date (AAAA-MM-JJ)."],
    [
      { reference: "SAL 1<" },
      "La référence ne peut contenir que des lettres, chiffres, points, tirets et barres.",
    ],
  ])("%o is refused in French", (value, message) => {
    const result = cosmeticInfoSchema.safeParse(value);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(message);
  });
});
