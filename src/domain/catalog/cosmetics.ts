/**
 * Cosmetics and product-safety information of a product, and the rule that keeps an incomplete product off sale.
 * No dependency (the admin island and the product pages import it without zod); the zod shapes are in product.ts.
 *
 * Sources (decision record 015):
 * - Code de la consommation L111-1: the essential characteristics are given before purchase; for a cosmetic sold
 *   at a distance the DGCCRF expects the label's mentions online: function, full ingredient list, precautions,
 *   nominal quantity.
 * - Regulation (EC) 1223/2009 art. 19(1): (a) responsible person, (b) nominal content by weight, (c) date of
 *   minimum durability, or the period after opening when the durability exceeds 30 months, (d) precautions,
 *   (e) batch (recorded per batch, not here), (f) function, (g) ingredients in INCI names.
 * - Regulation (EU) 2023/1545 (fragrance allergens of Annex III): labelled on products placed on the market from
 *   31 July 2026; the owner must state them, or state explicitly that there are none.
 * - Regulation (EU) 2023/988 (GPSR) art. 19: product identifier, manufacturer, warnings in French.
 */

/** The fields a product must have filled before it can be on sale, in the order the admin form shows them. */
export const REQUIRED_COSMETIC_FIELDS = [
  "reference",
  "cosmetic_function",
  "inci",
  "precautions",
  "net_weight_g",
  "allergens",
  "durability",
] as const;
export type CosmeticField = (typeof REQUIRED_COSMETIC_FIELDS)[number];

/** French names of the fields, for the admin form and the API's 409. */
export const COSMETIC_FIELD_LABELS: Record<CosmeticField, string> = {
  reference: "Référence du produit",
  cosmetic_function: "Fonction du produit",
  inci: "Liste des ingrédients (INCI)",
  precautions: "Précautions d'emploi",
  net_weight_g: "Quantité nominale (g)",
  allergens: "Allergènes",
  durability: "Durée après ouverture ou date de durabilité minimale",
};

/** What the rule reads of a product (the API's Product and the admin payload both have it). */
export interface CosmeticInfo {
  reference: string;
  gtin: string;
  cosmetic_function: string;
  inci: string;
  precautions: string;
  net_weight_g: number;
  allergens: string;
  /** Period after opening in months (art. 19(1)(c), second subparagraph); 0 when a durability date is given. */
  pao_months: number;
  /** Date of minimum durability, YYYY-MM-DD, or "" when the product carries a period after opening. */
  durability_date: string;
}

/** Empty values, for products stored before these fields existed and for a new admin form. */
export const EMPTY_COSMETIC_INFO: CosmeticInfo = {
  reference: "",
  gtin: "",
  cosmetic_function: "",
  inci: "",
  precautions: "",
  net_weight_g: 0,
  allergens: "",
  pao_months: 0,
  durability_date: "",
};

/**
 * The required fields left empty, in form order; [] when the product may be active. The allergens must be filled
 * even when there are none (« Aucun »): an empty field would not tell a forgotten declaration from an absent one.
 */
export function missingCosmeticFields(info: CosmeticInfo): CosmeticField[] {
  const filled: Record<CosmeticField, boolean> = {
    reference: info.reference.trim() !== "",
    cosmetic_function: info.cosmetic_function.trim() !== "",
    inci: info.inci.trim() !== "",
    precautions: info.precautions.trim() !== "",
    net_weight_g: Number.isInteger(info.net_weight_g) && info.net_weight_g > 0,
    allergens: info.allergens.trim() !== "",
    durability:
      (Number.isInteger(info.pao_months) && info.pao_months > 0) || info.durability_date.trim() !== "",
  };
  return REQUIRED_COSMETIC_FIELDS.filter((field) => !filled[field]);
}

/** « Référence du produit, Allergènes » for a message. */
export function cosmeticFieldList(fields: readonly CosmeticField[]): string {
  return fields.map((field) => COSMETIC_FIELD_LABELS[field]).join(", ");
}

export function incompleteProductMessage(fields: readonly CosmeticField[]): string {
  return `Ce produit ne peut pas être mis en vente tant que ces informations manquent : ${cosmeticFieldList(fields)}.`;
}

/**
 * A GTIN (EAN-8, UPC-12, EAN-13 or GTIN-14): digits only, with a valid GS1 check digit (weights 3 and 1 from the
 * right, the check digit excluded).
 */
export function isValidGtin(value: string): boolean {
  if (!/^(\d{8}|\d{12}|\d{13}|\d{14})$/.test(value)) return false;
  const digits = [...value].map(Number);
  const check = digits.pop() as number;
  const sum = digits.reverse().reduce((total, digit, index) => total + digit * (index % 2 === 0 ? 3 : 1), 0);
  return (10 - (sum % 10)) % 10 === check;
}

/** « 12 mois après ouverture » or « À utiliser de préférence avant le 31/12/2027 », or "" when neither is set. */
export function durabilityLabel(info: Pick<CosmeticInfo, "pao_months" | "durability_date">): string {
  if (info.pao_months > 0) return `${info.pao_months} mois après ouverture (${info.pao_months}M)`;
  const date = /^(\d{4})-(\d{2})-(\d{2})$/.exec(info.durability_date.trim());
  if (date) return `À utiliser de préférence avant le ${date[3]}/${date[2]}/${date[1]}`;
  return "";
}

/** The unit price lives in unit-price.ts, a module of its own: the home page's grid script ships it alone. */
export { unitPriceCentsPerKg, unitPriceLabel, unitPriceText } from "./unit-price";
