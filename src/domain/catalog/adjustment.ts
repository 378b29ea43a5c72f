import * as z from "zod";

/**
 * A manual adjustment of a quantity (a product's stock, a batch's remaining): a whole number other than 0, within
 * ±100,000, and its reason, 2 to 200 characters. The messages say it in the form's words.
 */
export function adjustmentSchema(messages: { delta: string; note: string }) {
  return z.strictObject({
    delta: z
      .number({ error: messages.delta })
      .int(messages.delta)
      .min(-100_000, "Quantité trop grande.")
      .max(100_000, "Quantité trop grande.")
      .refine((value) => value !== 0, "Indiquez une quantité différente de 0."),
    note: z
      .string({ error: "Indiquez la raison de l'ajustement." })
      .trim()
      .min(2, messages.note)
      .max(200, "La raison ne peut pas dépasser 200 caractères."),
  });
}
