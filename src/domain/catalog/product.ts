import * as z from "zod";
import { isValidGtin } from "./cosmetics";
import { MAX_PHOTOS } from "./product-photos";
import { DEFAULT_PRODUCT_IMAGE } from "./product-rules";

export const productPhotoSchema = z.object({
  id: z.string(),
  alt: z.string(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  widths: z.array(z.number().int().positive()),
});

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

/**
 * Decision record 015 (L111-1; Regulation (EC) 1223/2009 art. 19; (EU) 2023/1545; (EU) 2023/988 art. 19). Defaults
 * let older products and clients that do not send these fields still parse.
 */
export const cosmeticInfoSchema = z.object({
  /** The product identifier of GPSR art. 19(b). */
  reference: z
    .string()
    .trim()
    .max(40, "La référence compte au plus 40 caractères.")
    .regex(
      /^[A-Za-z0-9._/-]*$/,
      "La référence ne peut contenir que des lettres, chiffres, points, tirets et barres.",
    )
    .default(""),
  gtin: z
    .string()
    .trim()
    .refine(
      (value) => value === "" || isValidGtin(value),
      "Le code EAN/GTIN est invalide (8, 12, 13 ou 14 chiffres, clé de contrôle comprise).",
    )
    .default(""),
  cosmetic_function: z.string().trim().max(200, "La fonction compte au plus 200 caractères.").default(""),
  inci: z.string().trim().max(2000, "La liste INCI compte au plus 2000 caractères.").default(""),
  precautions: z
    .string()
    .trim()
    .max(2000, "Les précautions d'emploi comptent au plus 2000 caractères.")
    .default(""),
  net_weight_g: z
    .number({ error: "La quantité nominale doit être un nombre de grammes." })
    .int("La quantité nominale est un nombre entier de grammes.")
    .min(0, "La quantité nominale ne peut pas être négative.")
    .max(100_000, "La quantité nominale ne peut pas dépasser 100 000 g.")
    .default(0),
  allergens: z.string().trim().max(1000, "Les allergènes comptent au plus 1000 caractères.").default(""),
  pao_months: z
    .number({ error: "La durée après ouverture doit être un nombre de mois." })
    .int("La durée après ouverture est un nombre entier de mois.")
    .min(0, "La durée après ouverture ne peut pas être négative.")
    .max(120, "La durée après ouverture ne peut pas dépasser 120 mois.")
    .default(0),
  durability_date: z
    .string()
    .trim()
    .refine(
      (value) => value === "" || z.iso.date().safeParse(value).success,
      "La date de durabilité minimale doit être une date (AAAA-MM-JJ).",
    )
    .default(""),
});
export type CosmeticInfoInput = z.input<typeof cosmeticInfoSchema>;

/** A product's reduction in force, as the pages, the cart and the checkout announce it (L112-1-1). */
export const productReductionSchema = z.object({
  kind: z.enum(["promotion", "soldes"]),
  /** The lowest price of the 30 days before the reduction, in euros: struck through. */
  reference: z.number().nonnegative(),
  /** Whole percent off the reference, rounded down. */
  percent: z.number().int().min(1).max(99),
  ends_at: z.string(),
});
export type ProductReductionView = z.infer<typeof productReductionSchema>;

/** Spec section 3; price in euros with 2 decimals. */
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
  ...cosmeticInfoSchema.shape,
  /** Its page's lastmod in the sitemap. */
  updated_at: z.string().optional(),
  /** First = main picture; set through the photo routes only. */
  photos: z.array(productPhotoSchema).max(MAX_PHOTOS).default([]),
  /**
   * The reduction in force when it was read (decision record 054), announced with its reference price struck through;
   * `price` is then the reduced price. Null or absent: none. The owner's reads leave it out: her `price` is the
   * regular price her form edits.
   */
  reduction: productReductionSchema.nullable().optional(),
});
export type Product = z.infer<typeof productSchema>;

export const productIdParamSchema = z.object({
  id: z
    .string()
    .regex(/^[1-9]\d{0,9}$/, "Identifiant de produit invalide.")
    .transform(Number),
});

// Zod-free, so browser islands can use the rules without shipping zod.
export * from "./product-rules";

/** Left empty, the shop's illustration is stored, so every page, mail and order line shows it too. */
export const productImageInputSchema = z
  .string()
  .trim()
  .max(2048)
  .refine((value) => value === "" || imageUrlSchema.safeParse(value).success, {
    message: "L'image doit être une URL valide.",
  })
  .optional()
  .transform((value) => value || DEFAULT_PRODUCT_IMAGE);

export const productInputSchema = productSchema
  .omit({ id: true, photos: true })
  .extend({ image: productImageInputSchema });
export type ProductInput = z.infer<typeof productInputSchema>;
export type ProductInputData = z.input<typeof productInputSchema>;
