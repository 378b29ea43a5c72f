/** Stock movements (order-lifecycle.md "Stock"); no zod here: the admin island imports this file. */
/** Why a product's stock moved (order-lifecycle.md "Stock"), as the owner reads it in the product form. */
export const STOCK_REASON_LABELS = {
  sale: "Vente",
  release: "Commande non payée libérée",
  cancellation: "Commande annulée",
  return: "Retour remis en stock",
  adjustment: "Ajustement manuel",
} as const;
export type StockReason = keyof typeof STOCK_REASON_LABELS;

/** A stock movement as GET /api/admin/products/{id}/stock-movements answers it. */
export interface StockMovement {
  id: string;
  at: string;
  delta: number;
  reason: StockReason;
  order_id: string | null;
  note: string | null;
  stock_after: number | null;
}

/** The body of POST /api/admin/products/{id}/stock-adjustments (checked by stockAdjustmentSchema on the server). */
export interface StockAdjustment {
  delta: number;
  note: string;
}

/** "+24", "−2" (a real minus sign), as the movement list shows a delta. */
export function formatDelta(delta: number): string {
  return delta > 0 ? `+${delta}` : `−${Math.abs(delta)}`;
}
