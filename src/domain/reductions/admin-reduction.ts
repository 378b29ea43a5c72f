/** The owner's view of the reductions (decision record 054): the list, the price history, the periods. */
import * as z from "zod";
import { PRICE_CHANGE_REASONS } from "./reference-price";
import { REDUCTION_KINDS } from "./words";

export const adminReductionSchema = z.object({
  id: z.string(),
  kind: z.enum(REDUCTION_KINDS),
  starts_at: z.string(),
  ends_at: z.string(),
  status: z.enum(["scheduled", "running", "ended"]),
  products: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      /** Its regular price, the reduced price and the reference struck through, in euros. */
      price: z.number(),
      reduced_price: z.number(),
      reference: z.number(),
      percent: z.number().int(),
    }),
  ),
});
export type AdminReduction = z.infer<typeof adminReductionSchema>;

export const priceHistoryLineSchema = z.object({
  price: z.number(),
  from: z.string(),
  reason: z.enum(PRICE_CHANGE_REASONS),
});

export const salesPeriodViewSchema = z.object({
  season: z.enum(["winter", "summer"]),
  starts_at: z.string(),
  ends_at: z.string(),
});

export const reductionIdParamSchema = z.object({
  id: z.string().regex(/^[0-9A-Za-z_-]{8,64}$/, "Identifiant de réduction invalide."),
});
