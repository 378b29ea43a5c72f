/** Every change goes through the lifecycle, so both jobs are idempotent and safe beside a capture or a webhook. */
import { planCommands } from "../../src/domain/orders/order-lifecycle";
import { changeOrder } from "../orders/changes";
import { sendOrderConfirmation } from "../orders/confirmation-mail";
import { moveOrder } from "../orders/lifecycle";
import { ordersCreatedSince } from "../orders/payment-records";
import type { OrderRecord } from "../orders/service";
import type { PaypalCaptureResult } from "../platform/adapters/paypal/bodies";
import type { PaypalClient } from "../platform/adapters/paypal/client";
import { PaypalError } from "../platform/adapters/paypal/error";
import type { DataDeps, Deps } from "../platform/deps";
import { captureAmountMatches, markPaid } from "./paypal-checkout/mark-paid";
import {
  LATE_CAPTURE_REASON,
  refundUnwantedCapture,
  wrongAmountReason,
} from "./paypal-checkout/unwanted-capture";
import { paypalClient } from "./paypal-client";
import { captureInFlight } from "./paypal-earlier-holds";
import { logPaypalFailure } from "./paypal-failures";

/** PayPal holds (pending payment, no capture) older than this are released. */
export const HOLD_MINUTES = 30;

export const RECONCILE_DAYS = 30;

async function ordersSince(deps: DataDeps, days: number): Promise<OrderRecord[]> {
  const from = new Date(deps.clock().getTime() - days * 86_400_000).toISOString();
  return ordersCreatedSince(deps, from);
}

const expiredHold = (order: OrderRecord, cutoff: number) =>
  order.payment_method === "paypal" &&
  order.payment_status === "pending" &&
  !order.released_at &&
  Date.parse(order.created_at) <= cutoff;

/**
 * Reads only the last two days' orders, never the whole table. A hold whose capture is in flight is left alone,
 * decided on the current version so a capture starting meanwhile wins; an older capture is settled by asking PayPal,
 * never released blindly.
 */
export async function releaseExpiredHolds(deps: Deps): Promise<string[]> {
  const now = deps.clock();
  const cutoff = now.getTime() - HOLD_MINUTES * 60_000;
  const expired = (await ordersSince(deps, 2)).filter(
    (order) => expiredHold(order, cutoff) && !order.paypal_capture_id,
  );
  const released: string[] = [];
  let client: PaypalClient | null | undefined;
  for (const order of expired) {
    if (order.capture_started_at) {
      if (captureInFlight(order, now)) continue;
      client ??= await paypalClient(deps).catch(() => null);
      if (!client) {
        console.error(`Order ${order.id}: a capture was started but PayPal is not configured; left pending`);
        continue;
      }
      const settled = await settlePaypalOrder(deps, client, order).catch((error: unknown) => {
        if (error instanceof PaypalError)
          logPaypalFailure(error, {
            order_id: order.id,
            why: "hold job: PayPal could not be asked about its capture",
          });
        else console.error(`Order ${order.id}: PayPal could not be asked about its capture`, error);
        return "unreachable" as const;
      });
      if (settled === "released") released.push(order.id);
      continue;
    }
    const { changed } = await moveOrder(deps, order.id, {
      commands: (current) =>
        current.capture_started_at || current.paypal_capture_id
          ? { reason: "Un paiement a été lancé entre-temps." }
          : planCommands(current, ["expire"]),
      refused: "ignore",
    });
    if (changed) released.push(order.id);
  }
  return released;
}

export type Settlement =
  /** PayPal captured our exact total: the order is paid. */
  | "paid"
  /** PayPal captured it and it was refunded there since: paid, then refunded (invoice and credit note). */
  | "refunded"
  /** Nothing was captured (or the capture was declined): the hold is released. */
  | "released"
  /** Captured for an order released meanwhile, or for another amount: the money was given back. */
  | "auto_refunded"
  /** PayPal's capture is PENDING, or ours is in flight: the webhook or the next run decides. */
  | "waiting"
  | "unchanged";

async function paypalOrderOf(client: PaypalClient, order: OrderRecord): Promise<PaypalCaptureResult | null> {
  if (!order.paypal_order_id) return null;
  try {
    return await client.getOrder(order.paypal_order_id);
  } catch (error) {
    if (error instanceof PaypalError && error.status === 404) return null;
    throw error;
  }
}

/**
 * A released order whose capture completed at PayPal anyway gets its automatic refund (the PayPal-Request-Id makes
 * it one refund). Throws PaypalError when PayPal cannot be reached.
 */
export async function settlePaypalOrder(
  deps: Deps,
  client: PaypalClient,
  order: OrderRecord,
): Promise<Settlement> {
  if (order.payment_status === "pending" && captureInFlight(order, deps.clock())) return "waiting";
  const paypalOrder = await paypalOrderOf(client, order);
  const capture = paypalOrder?.purchase_units[0]?.payments?.captures?.[0];

  if (order.payment_status !== "pending") {
    // Released without being paid: only money PayPal took anyway matters.
    if (order.payment_status === "failed" && !order.auto_refund_id && capture?.status === "COMPLETED") {
      await refundUnwantedCapture(deps, client, order.id, capture.id, LATE_CAPTURE_REASON);
      return "auto_refunded";
    }
    return "unchanged";
  }

  // Decided on the order's current version: a capture started since PayPal was asked is left to finish.
  const expire = async (): Promise<Settlement> => {
    const { changed } = await moveOrder(deps, order.id, {
      commands: (current) =>
        captureInFlight(current, deps.clock()) || current.paypal_capture_id
          ? { reason: "Un paiement a été lancé entre-temps." }
          : planCommands(current, ["expire"]),
      refused: "ignore",
    });
    return changed ? "released" : "unchanged";
  };
  switch (capture?.status) {
    case "COMPLETED": {
      if (!captureAmountMatches(capture, order)) {
        await refundUnwantedCapture(deps, client, order.id, capture.id, wrongAmountReason(capture, order));
        await moveOrder(deps, order.id, { commands: ["decline"], refused: "ignore" });
        return "auto_refunded";
      }
      const paid = await markPaid(deps, order.id, capture.id, paypalOrder?.payer?.payer_id);
      if (paid.changed) {
        await sendOrderConfirmation(deps, { ...order, payment_status: "completed" });
        return "paid";
      }
      if (paid.order.payment_status === "failed") {
        await refundUnwantedCapture(deps, client, order.id, capture.id, LATE_CAPTURE_REASON);
        return "auto_refunded";
      }
      return "unchanged";
    }
    case "REFUNDED":
    case "PARTIALLY_REFUNDED": {
      // Two moves: one change issues one accounting document (the invoice, then its credit note). A partial refund is
      // left to the owner's returns.
      const payer = paypalOrder?.payer?.payer_id;
      const paid = await moveOrder(deps, order.id, {
        commands: ["pay"],
        set: () => ({ paypal_capture_id: capture.id, ...(payer && { paypal_payer_id: payer }) }),
        refused: "ignore",
      });
      if (capture.status === "PARTIALLY_REFUNDED") {
        console.warn(
          `Order ${order.id}: PayPal capture ${capture.id} is partially refunded; recorded as paid`,
        );
        return paid.changed ? "paid" : "unchanged";
      }
      const refunded = await moveOrder(deps, order.id, { commands: ["refunded"], refused: "ignore" });
      return paid.changed || refunded.changed ? "refunded" : "unchanged";
    }
    case "PENDING": {
      await changeOrder(deps, order.id, (current) =>
        current.payment_status === "pending" && !current.paypal_capture_id
          ? { set: { paypal_capture_id: capture.id } }
          : null,
      );
      return "waiting";
    }
    default:
      // Never captured (created, approved, voided, expired at PayPal), or declined.
      return expire();
  }
}

export interface Reconciliation {
  settled: Partial<Record<Settlement, string[]>>;
  failed: string[];
}

/** Safe to run twice, and beside captures and webhooks. */
export async function reconcilePaypalOrders(deps: Deps): Promise<Reconciliation> {
  const result: Reconciliation = { settled: {}, failed: [] };
  const cutoff = deps.clock().getTime() - HOLD_MINUTES * 60_000;
  const candidates = (await ordersSince(deps, RECONCILE_DAYS)).filter(
    (order) =>
      expiredHold(order, cutoff) ||
      (order.payment_method === "paypal" &&
        order.payment_status === "failed" &&
        Boolean(order.capture_started_at) &&
        !order.auto_refund_id),
  );
  if (!candidates.length) return result;
  const client = await paypalClient(deps);
  for (const order of candidates) {
    try {
      const settlement = await settlePaypalOrder(deps, client, order);
      result.settled[settlement] = [...(result.settled[settlement] ?? []), order.id];
    } catch (error) {
      if (error instanceof PaypalError)
        logPaypalFailure(error, { order_id: order.id, why: "reconciliation failed" });
      else console.error(`Order ${order.id}: PayPal reconciliation failed`, error);
      result.failed.push(order.id);
    }
  }
  return result;
}
