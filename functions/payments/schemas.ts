import * as z from "zod";

export const captureSchema = z.object({ orderID: z.string().min(1).max(64) });
export const paypalOrderParam = z.object({
  id: z
    .string()
    .min(1)
    .max(64)
    .describe("Identifiant de la commande PayPal (celui que reçoivent onCancel et capture-order)."),
});
export const webhookSchema = z.object({
  id: z.string().min(1).max(128),
  event_type: z.string().max(128),
  resource: z
    .object({
      id: z.string().optional(),
      custom_id: z.string().optional(),
      status: z.string().optional(),
      amount: z.object({ currency_code: z.string(), value: z.string() }).optional(),
    })
    .loose(),
});
