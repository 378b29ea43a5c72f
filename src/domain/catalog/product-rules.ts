/**
 * Product rules the screens share with the API, with no dependency (islands import this file, not product.ts,
 * so public pages do not ship zod).
 */

import type { CosmeticInfo } from "./cosmetics";
import type { ProductPhoto } from "./product-photos";

/** The fields of a product the browser receives (the API's Product, see productSchema). */
export interface ProductView extends CosmeticInfo {
  id: number;
  name: string;
  price: number;
  weight: string;
  image: string;
  /** The owner's photos, the first being the product's picture (product-photos.ts). */
  photos?: ProductPhoto[];
  description: string;
  long_description: string;
  category: string;
  stock: number;
  low_stock_threshold: number;
  benefits: string[];
  ingredients: string;
  usage: string;
  is_active: boolean;
  /** The reduction in force when it was read (productReductionSchema); `price` is then the reduced price. */
  reduction?: ProductReductionShown | null;
}

/** A reduction in force as the API announces it: prices in euros, the percentage off rounded down. */
export interface ProductReductionShown {
  kind: "promotion" | "soldes";
  reference: number;
  percent: number;
  ends_at: string;
}

/**
 * The shop's illustration of a soap bar, shown for a product the owner created without an image URL until she adds
 * its photos: stored as the product's image, so every place that prints a product's picture
 * (cards, product page, cart, order lines, mails, admin list) shows it without a rule of its own.
 */
export const DEFAULT_PRODUCT_IMAGE = "/images/products/illustration-savon.svg";

/** The spec's /product/{id}: the id is parsed as an integer, 1 when it is not one. */
export function parseProductRouteId(raw: string | undefined): number {
  const id = Number.parseInt(raw ?? "", 10);
  return Number.isSafeInteger(id) && id > 0 ? id : 1;
}

export type StockState = "out_of_stock" | "low" | "in_stock";

/** Product page rule: out of stock at 0 or less, low at or below the product's threshold. */
export function stockState(stock: number, lowStockThreshold: number): StockState {
  if (stock <= 0) return "out_of_stock";
  if (stock <= lowStockThreshold) return "low";
  return "in_stock";
}

export function isPurchasable(product: Pick<ProductView, "stock" | "is_active">): boolean {
  return product.is_active && product.stock > 0;
}

export function schemaOrgAvailability(stock: number): string {
  return stock > 0 ? "https://schema.org/InStock" : "https://schema.org/OutOfStock";
}

const STRING_FIELDS = [
  "name",
  "weight",
  "image",
  "description",
  "long_description",
  "category",
  "ingredients",
  "usage",
  "reference",
  "gtin",
  "cosmetic_function",
  "inci",
  "precautions",
  "allergens",
  "durability_date",
];
const INTEGER_FIELDS = ["id", "stock", "low_stock_threshold", "net_weight_g", "pao_months"];

/** A light shape check for what the API sends to the browser (the server validated it with productSchema). */
export function isProductView(value: unknown): value is ProductView {
  if (typeof value !== "object" || value === null) return false;
  const record = value as Record<string, unknown>;
  return (
    STRING_FIELDS.every((field) => typeof record[field] === "string") &&
    INTEGER_FIELDS.every((field) => Number.isInteger(record[field])) &&
    typeof record.price === "number" &&
    typeof record.is_active === "boolean" &&
    Array.isArray(record.benefits) &&
    record.benefits.every((benefit) => typeof benefit === "string")
  );
}
