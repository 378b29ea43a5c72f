/**
 * Rules of the admin's Products tab (spec 2 "Admin", 3 "Product", 5 "Product form"), with no dependency so the
 * admin island ships no zod. The server checks the payload again with adminProductSchema.
 */

import { parseDecimal, parseInteger } from "../typed-numbers";
import { type CosmeticField, missingCosmeticFields } from "./cosmetics";
import { DEFAULT_PRODUCT_IMAGE, type ProductView } from "./product-rules";

/** Colour band of the stock badge: red at or below the threshold, yellow up to twice it, green above. */
export type StockTone = "danger" | "warning" | "success";

export function stockTone(stock: number, lowStockThreshold: number): StockTone {
  if (stock <= lowStockThreshold) return "danger";
  if (stock <= lowStockThreshold * 2) return "warning";
  return "success";
}

/** What the product form holds: numbers as typed, so a half-typed "12," is not rewritten under the cursor. */
export interface ProductFormState {
  name: string;
  price: string;
  weight: string;
  image: string;
  description: string;
  long_description: string;
  category: string;
  stock: string;
  low_stock_threshold: string;
  benefits: string[];
  ingredients: string;
  usage: string;
  is_active: boolean;
  // Cosmetics information, numbers as typed.
  reference: string;
  gtin: string;
  cosmetic_function: string;
  inci: string;
  precautions: string;
  net_weight_g: string;
  allergens: string;
  pao_months: string;
  durability_date: string;
}

export type ProductPayload = Omit<ProductView, "id">;

export const DEFAULT_PRODUCT_CATEGORY = "Savons";

/** A new product (spec 3): stock 100, threshold 10, active, one empty benefit line. */
export function emptyProductForm(): ProductFormState {
  return {
    name: "",
    price: "",
    weight: "",
    image: "",
    description: "",
    long_description: "",
    category: DEFAULT_PRODUCT_CATEGORY,
    stock: "100",
    low_stock_threshold: "10",
    benefits: [""],
    ingredients: "",
    usage: "",
    is_active: true,
    reference: "",
    gtin: "",
    cosmetic_function: "",
    inci: "",
    precautions: "",
    net_weight_g: "",
    allergens: "",
    pao_months: "",
    durability_date: "",
  };
}

export function productFormFrom(product: ProductView): ProductFormState {
  return {
    name: product.name,
    price: String(product.price),
    weight: product.weight,
    // The shop's illustration stands in for an image not given: the field stays empty, as the owner left it.
    image: product.image === DEFAULT_PRODUCT_IMAGE ? "" : product.image,
    description: product.description,
    long_description: product.long_description,
    category: product.category || DEFAULT_PRODUCT_CATEGORY,
    stock: String(product.stock),
    low_stock_threshold: String(product.low_stock_threshold),
    benefits: product.benefits.length ? [...product.benefits] : [""],
    ingredients: product.ingredients,
    usage: product.usage,
    is_active: product.is_active,
    reference: product.reference,
    gtin: product.gtin,
    cosmetic_function: product.cosmetic_function,
    inci: product.inci,
    precautions: product.precautions,
    net_weight_g: product.net_weight_g > 0 ? String(product.net_weight_g) : "",
    allergens: product.allergens,
    pao_months: product.pao_months > 0 ? String(product.pao_months) : "",
    durability_date: product.durability_date,
  };
}

/** The image must be a URL: absolute http(s), or a path of the site itself ("/images/..."), as the API accepts. */
export function isImageUrl(text: string): boolean {
  const value = text.trim();
  if (value.startsWith("/")) return !value.startsWith("//") && !/\s/.test(value);
  return /^https?:\/\/[^\s/]+[^\s]*$/i.test(value);
}

export const IMAGE_URL_MESSAGE = "L'image doit être une URL valide.";

/** The form's payload: trimmed texts, numbers parsed, blank benefit lines removed (spec 5). */
export function productPayload(form: ProductFormState): ProductPayload {
  return {
    name: form.name.trim(),
    price: parseDecimal(form.price),
    weight: form.weight.trim(),
    image: form.image.trim(),
    description: form.description.trim(),
    long_description: form.long_description.trim(),
    category: form.category.trim() || DEFAULT_PRODUCT_CATEGORY,
    stock: parseInteger(form.stock),
    low_stock_threshold: parseInteger(form.low_stock_threshold),
    benefits: form.benefits.map((line) => line.trim()).filter(Boolean),
    ingredients: form.ingredients.trim(),
    usage: form.usage.trim(),
    is_active: form.is_active,
    reference: form.reference.trim(),
    gtin: form.gtin.trim(),
    cosmetic_function: form.cosmetic_function.trim(),
    inci: form.inci.trim(),
    precautions: form.precautions.trim(),
    net_weight_g: Math.max(0, parseInteger(form.net_weight_g)),
    allergens: form.allergens.trim(),
    pao_months: Math.max(0, parseInteger(form.pao_months)),
    durability_date: form.durability_date.trim(),
  };
}

/**
 * The fields the form must fill before the product can be saved active (the API refuses it too, with 409):
 * [] for an inactive product, which may be saved incomplete.
 */
export function missingForActivation(form: ProductFormState): CosmeticField[] {
  const payload = productPayload(form);
  return payload.is_active ? missingCosmeticFields(payload) : [];
}
