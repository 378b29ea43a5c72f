/**
 * Cosmetics information of a product and the rule that keeps an incomplete product off sale (decision record 015).
 * No dependency: the admin island imports it without zod. Sources: Code de la consommation L111-1; Regulation (EC)
 * 1223/2009 art. 19(1); Regulation (EU) 2023/1545 (allergens, from 31 July 2026); Regulation (EU) 2023/988 art. 19.
 */

/** In the admin form's order. */
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

export const COSMETIC_FIELD_LABELS: Record<CosmeticField, string> = {
  reference: "Référence du produit",
  cosmetic_function: "Fonction du produit",
  inci: "Liste des ingrédients (INCI)",
  precautions: "Précautions d'emploi",
  net_weight_g: "Quantité nominale (g)",
  allergens: "Allergènes",
  durability: "Durée après ouverture ou date de durabilité minimale",
};

export interface CosmeticInfo {
  reference: string;
  gtin: string;
  cosmetic_function: string;
  inci: string;
  precautions: string;
  net_weight_g: number;
  allergens: string;
  /** Art. 19(1)(c), second subparagraph; 0 when a durability date is given. */
  pao_months: number;
  /** YYYY-MM-DD, or "". */
  durability_date: string;
}

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

/** Allergens must be filled even when none (« Aucun »): empty would not tell a forgotten declaration from none. */
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

export function cosmeticFieldList(fields: readonly CosmeticField[]): string {
  return fields.map((field) => COSMETIC_FIELD_LABELS[field]).join(", ");
}

export function incompleteProductMessage(fields: readonly CosmeticField[]): string {
  return `Ce produit ne peut pas être mis en vente tant que ces informations manquent : ${cosmeticFieldList(fields)}.`;
}

/** EAN-8, UPC-12, EAN-13 or GTIN-14, with a valid GS1 check digit. */
export function isValidGtin(value: string): boolean {
  if (!/^(\d{8}|\d{12}|\d{13}|\d{14})$/.test(value)) return false;
  const digits = [...value].map(Number);
  const check = digits.pop() as number;
  const sum = digits.reverse().reduce((total, digit, index) => total + digit * (index % 2 === 0 ? 3 : 1), 0);
  return (10 - (sum % 10)) % 10 === check;
}

export function durabilityLabel(info: Pick<CosmeticInfo, "pao_months" | "durability_date">): string {
  if (info.pao_months > 0) return `${info.pao_months} mois après ouverture (${info.pao_months}M)`;
  const date = /^(\d{4})-(\d{2})-(\d{2})$/.exec(info.durability_date.trim());
  if (date) return `À utiliser de préférence avant le ${date[3]}/${date[2]}/${date[1]}`;
  return "";
}

/** A module of its own: the home page's grid script ships it alone. */
export { unitPriceCentsPerKg, unitPriceLabel, unitPriceText } from "./unit-price";
