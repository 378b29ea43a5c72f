import * as z from "zod";

export const validateSchema = z.object({
  promo_code: z.string().trim().min(1, "Veuillez saisir un code promo").max(40),
  total_amount: z.number().nonnegative().max(1_000_000),
});
