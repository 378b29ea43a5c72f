import * as z from "zod";

export const validateSchema = z.object({
  promo_code: z.string().trim().min(1, "Veuillez saisir un code promo").max(40),
  total_amount: z.number().nonnegative().max(1_000_000),
  /** The cart's lines: the server prices them (price in force) and leaves the « Soldes » a code does not combine with. */
  items: z
    .array(z.object({ product_id: z.int().positive(), quantity: z.int().positive().max(10_000) }))
    .max(100)
    .optional(),
});
