/**
 * The buyer gives up in PayPal's window: her order's hold is released at once, and the answer says what became of
 * it.
 */

import type { OrderAccess } from "../../orders/guest/links";
import { toOrder } from "../../orders/service";
import type { DataDeps } from "../../platform/deps";
import { abandonHold } from "../paypal-earlier-holds";
import { reachableByPaypalId } from "./by-paypal-id";

export type ReleaseOutcome = "released" | "already_released" | "paid" | "capturing";

const releaseMessages: Record<ReleaseOutcome, string> = {
  released: "Paiement PayPal annulé : les articles et le code promo ne vous sont plus réservés.",
  already_released: "Cette tentative de paiement était déjà annulée.",
  paid: "Le paiement de cette commande est déjà enregistré : elle n'est pas annulée.",
  capturing: "Le paiement de cette commande est en cours de traitement chez PayPal : elle n'est pas annulée.",
};

/**
 * The buyer closed or cancelled PayPal's window (the buttons' onCancel / onError): their own pending PayPal order
 * is released at once, stock and promo use back. Someone else's order answers 404 like a made-up id. Idempotent:
 * an order already released, paid, or whose capture is under way is left as it is and the answer says so.
 */
export async function releasePaypalOrder(
  deps: DataDeps,
  access: OrderAccess,
  paypalOrderId: string,
): Promise<{ outcome: ReleaseOutcome; message: string; order: ReturnType<typeof toOrder> }> {
  const found = await reachableByPaypalId(deps, paypalOrderId, access);
  const { order, changed } = await abandonHold(deps, found.id);
  const outcome: ReleaseOutcome = changed
    ? "released"
    : order.payment_status === "pending"
      ? "capturing"
      : order.payment_status === "failed"
        ? "already_released"
        : "paid";
  return { outcome, message: releaseMessages[outcome], order: toOrder(order) };
}
