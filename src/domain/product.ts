import { z } from "zod";
import type { Cents } from "./money";

/** Product images are absolute URLs or paths served by the site itself ("/images/...") */
export const imageUrlSchema = z
  .string()
  .trim()
  .min(1, "L'image est obligatoire.")
  .max(2048)
  .refine(
    (value) => (value.startsWith("/") && !value.startsWith("//")) || /^https?:\/\/[^\s]+$/.test(value),
    {
      message: "L'image doit être une URL valide.",
    },
  );

/** A product as the API and the screens see it (spec section 3); price in euros with 2 decimals. */
export const productSchema = z.object({
  id: z.number().int().positive(),
  name: z.string().min(1).max(120),
  price: z.number().nonnegative(),
  weight: z.string().max(40),
  image: imageUrlSchema,
  description: z.string().max(500),
  long_description: z.string().max(5000),
  category: z.string().max(60),
  stock: z.number().int().nonnegative(),
  low_stock_threshold: z.number().int().nonnegative(),
  benefits: z.array(z.string().max(200)).max(30),
  ingredients: z.string().max(2000),
  usage: z.string().max(2000),
  is_active: z.boolean(),
});
export type Product = z.infer<typeof productSchema>;

/** Path parameter of /api/products/{id}: a positive integer, nothing else. */
export const productIdParamSchema = z.object({
  id: z
    .string()
    .regex(/^[1-9]\d{0,9}$/, "Identifiant de produit invalide.")
    .transform(Number),
});

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

export function isPurchasable(product: Pick<Product, "stock" | "is_active">): boolean {
  return product.is_active && product.stock > 0;
}

/** schema.org availability URL for structured data. */
export function schemaOrgAvailability(stock: number): string {
  return stock > 0 ? "https://schema.org/InStock" : "https://schema.org/OutOfStock";
}

export type PriceCents = Cents;

/** What the owner enters for a product: everything but the id, which the server assigns. */
export const productInputSchema = productSchema.omit({ id: true });
export type ProductInput = z.infer<typeof productInputSchema>;
