/** A buyer's own PayPal holds given up (lifecycle command "abandon"): stock and promo use back at once. */
import { planCommands } from "../../src/domain/orders/order-lifecycle";
import { type MoveResult, moveOrder } from "../orders/lifecycle";
import { userOrdersSince } from "../orders/payment-records";
import type { OrderRecord } from "../orders/service";
import type { DataDeps } from "../platform/deps";

/** A capture started less than this long ago is in flight: nothing releases its order meanwhile. */
export const CAPTURE_IN_FLIGHT_MINUTES = 10;

export function captureInFlight(order: OrderRecord, now: Date): boolean {
  return (
    Boolean(order.capture_started_at) &&
    now.getTime() - Date.parse(order.capture_started_at ?? "") < CAPTURE_IN_FLIGHT_MINUTES * 60_000
  );
}

/** Money is moving at PayPal once a capture is in flight or PayPal answered PENDING (the webhook settles it). */
function captureUnderWay(order: OrderRecord, now: Date): { reason: string } | null {
  if (order.paypal_capture_id && order.payment_status === "pending")
    return { reason: "Le paiement est en cours de traitement chez PayPal." };
  if (captureInFlight(order, now)) return { reason: "Le paiement est en cours de traitement chez PayPal." };
  return null;
}

export function abandonHold(deps: DataDeps, orderId: string): Promise<MoveResult> {
  return moveOrder(deps, orderId, {
    commands: (current) => captureUnderWay(current, deps.clock()) ?? planCommands(current, ["abandon"]),
    refused: "ignore",
  });
}

/**
 * A cart holds one order at a time, so a new checkout frees the earlier attempts' holds (and a one-use-per-day code).
 * Holds whose capture is under way are left alone.
 */
export async function releaseEarlierHolds(deps: DataDeps, userId: string): Promise<string[]> {
  const now = deps.clock();
  const from = new Date(now.getTime() - 2 * 86_400_000).toISOString();
  const data = await userOrdersSince(deps, userId, from);
  const released: string[] = [];
  for (const order of data) {
    if (order.payment_method !== "paypal" || order.payment_status !== "pending" || order.released_at)
      continue;
    if (captureUnderWay(order, now)) continue;
    if ((await abandonHold(deps, order.id)).changed) released.push(order.id);
  }
  return released;
}
