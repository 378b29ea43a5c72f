import * as z from "zod";

/** Why a product's stock moved (order-lifecycle.md "Stock"), as the owner reads it in the product form. */
export const STOCK_REASON_LABELS = {
  sale: "Vente",
  release: "Commande non payée libérée",
  cancellation: "Commande annulée",
  return: "Retour remis en stock",
  adjustment: "Ajustement manuel",
} as const;
export type StockReason = keyof typeof STOCK_REASON_LABELS;

const DELTA_MESSAGE = "Indiquez une quantité entière, positive pour ajouter, négative pour retirer.";

/** The owner's manual adjustment: "+24 reçus du séchoir", "-2 cassés". */
export const stockAdjustmentSchema = z.strictObject({
  delta: z
    .number({ error: DELTA_MESSAGE })
    .int(DELTA_MESSAGE)
    .min(-100_000, "Quantité trop grande.")
    .max(100_000, "Quantité trop grande.")
    .refine((value) => value !== 0, "Indiquez une quantité différente de 0."),
  note: z
    .string({ error: "Indiquez la raison de l'ajustement." })
    .trim()
    .min(2, "Indiquez la raison de l'ajustement (par exemple « Reçus du séchoir » ou « 2 cassés »).")
    .max(200, "La raison ne peut pas dépasser 200 caractères."),
});
export type StockAdjustment = z.output<typeof stockAdjustmentSchema>;

/** A stock movement as the admin API shows it. */
export const stockMovementSchema = z.object({
  id: z.string(),
  at: z.string(),
  delta: z.number(),
  reason: z.enum(Object.keys(STOCK_REASON_LABELS) as [StockReason, ...StockReason[]]),
  order_id: z.string().nullable(),
  note: z.string().nullable(),
  stock_after: z.number().nullable(),
});
export type StockMovement = z.infer<typeof stockMovementSchema>;

/** "+24", "−2" (a real minus sign), as the movement list shows a delta. */
export function formatDelta(delta: number): string {
  return delta > 0 ? `+${delta}` : `−${Math.abs(delta)}`;
}
