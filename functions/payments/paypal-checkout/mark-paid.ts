/**
 * A payment PayPal made, recorded on our order: only for exactly the order's total in euros, once, and only while
 * the lifecycle still waits for it. The capture, the webhook and the holds' reconciliation all record it here.
 */

import { eurosToCents } from "../../../src/domain/money";
import { planCommands } from "../../../src/domain/orders/order-lifecycle";
import { type MoveResult, moveOrder, type OrderMove } from "../../orders/lifecycle";
import type { OrderRecord } from "../../orders/service";
import type { DataDeps } from "../../platform/deps";

/** Payment accepted: once, only while the lifecycle still waits for it (never for a released hold). */
export function markPaid(
  deps: DataDeps,
  orderId: string,
  captureId: string,
  payerId?: string,
  extra: Pick<OrderMove, "wanted" | "alsoWrite"> = {},
): Promise<MoveResult> {
  return moveOrder(deps, orderId, {
    ...extra,
    commands: (order) => (order.released_at ? { reason: "hold released" } : planCommands(order, ["pay"])),
    set: () => ({ paypal_capture_id: captureId, ...(payerId && { paypal_payer_id: payerId }) }),
    refused: "ignore",
  });
}

/** What the shop reads of a capture (or a refund) to judge it: its amount. */
export type CapturedAmount = { amount: { currency_code: string; value: string } };

/** PayPal captured the order's total, in euros (the capture and the holds' reconciliation ask the same). */
export function captureAmountMatches(capture: CapturedAmount, order: OrderRecord) {
  return (
    capture.amount.currency_code === "EUR" && eurosToCents(Number(capture.amount.value)) === order.total_cents
  );
}
