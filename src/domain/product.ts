import * as z from "zod";

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
  /** When the product was last edited (its page's lastmod in the sitemap). */
  updated_at: z.string().optional(),
});
export type Product = z.infer<typeof productSchema>;

/** Path parameter of /api/products/{id}: a positive integer, nothing else. */
export const productIdParamSchema = z.object({
  id: z
    .string()
    .regex(/^[1-9]\d{0,9}$/, "Identifiant de produit invalide.")
    .transform(Number),
});

// Pure rules live in a zod-free module so browser islands can use them without shipping zod.
export * from "./product-rules";

/** What the owner enters for a product: everything but the id, which the server assigns. */
export const productInputSchema = productSchema.omit({ id: true });
export type ProductInput = z.infer<typeof productInputSchema>;
