/**
 * The buyer approved in PayPal's window: her order's payment is captured, once, for exactly its total, and the
 * answer the screen reads (a customer's capture route, or a guest's with her link).
 */

import { DomainError } from "../../../src/domain/errors";
import { changeOrder } from "../../orders/changes";
import { sendOrderConfirmation } from "../../orders/confirmation-mail";
import type { OrderAccess } from "../../orders/guest/links";
import { moveOrder } from "../../orders/lifecycle";
import { countCaptureAttempt } from "../../orders/payment-records";
import { findOrder, type OrderRecord, toOrder } from "../../orders/service";
import type { PaypalCaptureResult } from "../../platform/adapters/paypal/bodies";
import type { PaypalClient } from "../../platform/adapters/paypal/client";
import { PaypalError } from "../../platform/adapters/paypal/error";
import type { DataDeps, Deps } from "../../platform/deps";
import { paypalClient } from "../paypal-client";
import { logPaypalFailure, paypalFailure } from "../paypal-failures";
import { reachableByPaypalId } from "./by-paypal-id";
import { captureAmountMatches, markPaid } from "./mark-paid";
import {
  AUTO_REFUNDED_MESSAGE,
  LATE_CAPTURE_REASON,
  refundUnwantedCapture,
  wrongAmountReason,
} from "./unwanted-capture";

const AUTO_REFUND_PENDING_MESSAGE =
  "Le délai de paiement de cette commande a expiré et le remboursement automatique de votre paiement n'a pas encore abouti : il sera refait automatiquement. Votre panier est toujours là.";
const WRONG_AMOUNT_MESSAGE =
  "PayPal a encaissé un montant différent du total de la commande : votre paiement a été remboursé automatiquement. Votre panier est toujours là.";

/**
 * The capture is in flight from now on: capture_started_at is written on the condition that the order still waits
 * for its payment (the order's version), so the hold job, which decides on the same version, either released it
 * before (the capture is refused, PayPal never called) or leaves it alone.
 */
async function markCaptureStarted(deps: DataDeps, orderId: string): Promise<OrderRecord | null> {
  const { order, changed } = await changeOrder(deps, orderId, (current) =>
    current.payment_status === "pending" && !current.released_at
      ? { set: { capture_started_at: deps.clock().toISOString() } }
      : null,
  );
  return changed ? order : null;
}

/**
 * What the capture routes answer (a customer's, a guest's): PayPal's result and our order; an order already paid
 * answers the capture the screen reads without calling PayPal again.
 */
export async function captureAnswer(deps: Deps, access: OrderAccess, paypalOrderId: string) {
  const { capture, order } = await capturePaypalOrder(deps, access, paypalOrderId);
  const result = capture ?? {
    id: order.paypal_order_id,
    status: "COMPLETED",
    payer: { payer_id: order.paypal_payer_id },
    purchase_units: [{ payments: { captures: [{ id: order.paypal_capture_id, status: "COMPLETED" }] } }],
  };
  return { ...result, order };
}

/**
 * Captures the caller's own PayPal order (anyone else's answers 404 before PayPal is called). The capture
 * carries a PayPal-Request-Id derived from our order, so a retry never charges twice, and is marked in flight on
 * the order first, so the hold job leaves it alone. The payment is accepted only when PayPal says COMPLETED for
 * exactly our total in EUR; PENDING keeps it pending (the webhook completes it); DECLINED marks it failed and
 * releases the hold. A capture that completes for an order released meanwhile, or for another amount, is refunded
 * at once and answered as a French failure, never as a success.
 */
export async function capturePaypalOrder(deps: Deps, access: OrderAccess, paypalOrderId: string) {
  const found = await reachableByPaypalId(deps, paypalOrderId, access);
  if (found.payment_status === "completed") return { capture: null, order: toOrder(found) };
  if (found.auto_refund_id) throw new DomainError("ORDER_CLOSED", AUTO_REFUNDED_MESSAGE, { refunded: true });
  if (found.released_at || found.payment_status !== "pending") throw new DomainError("ORDER_CLOSED");

  const client = await paypalClient(deps);
  const order = await markCaptureStarted(deps, found.id);
  if (!order) {
    // Released (or paid by a parallel capture) between the read and the mark.
    const now = await findOrder(deps, found.id);
    if (now?.payment_status === "completed") return { capture: null, order: toOrder(now) };
    throw new DomainError("ORDER_CLOSED");
  }
  let result: PaypalCaptureResult;
  try {
    result = await client.captureOrder(
      paypalOrderId,
      `capture-${order.id}-${order.paypal_capture_attempt ?? 0}`,
    );
  } catch (error) {
    if (error instanceof PaypalError && error.issue === "INSTRUMENT_DECLINED") {
      // The buyer may choose another card or account in PayPal's window; the hold stays until it expires.
      // The next capture is a new request (PayPal replays the answer to a reused PayPal-Request-Id).
      await countCaptureAttempt(deps, order.id, deps.clock().toISOString()).catch(() => undefined);
    }
    if (error instanceof PaypalError && error.issue === "ORDER_ALREADY_CAPTURED") {
      result = await client.getOrder(paypalOrderId).catch((failure: unknown) => {
        throw paypalFailure(failure, "capture", { order_id: order.id });
      });
    } else {
      throw paypalFailure(error, "capture", { order_id: order.id });
    }
  }

  const capture = result.purchase_units[0]?.payments?.captures?.[0];
  const payerId = result.payer?.payer_id;
  if (capture?.status === "COMPLETED" && captureAmountMatches(capture, order)) {
    const paid = await markPaid(deps, order.id, capture.id, payerId);
    if (paid.changed) await sendOrderConfirmation(deps, { ...order, payment_status: "completed" });
    else if (paid.order.payment_status === "failed") {
      // The hold was released while PayPal captured: the buyer is charged for an order we no longer hold.
      await refundOrFail(deps, client, order.id, capture.id, LATE_CAPTURE_REASON);
      throw new DomainError("ORDER_CLOSED", AUTO_REFUNDED_MESSAGE, { refunded: true });
    }
  } else if (capture?.status === "PENDING") {
    await changeOrder(deps, order.id, (current) =>
      current.payment_status === "pending"
        ? { set: { paypal_capture_id: capture.id, ...(payerId && { paypal_payer_id: payerId }) } }
        : null,
    );
  } else if (capture?.status === "COMPLETED") {
    await refundOrFail(deps, client, order.id, capture.id, wrongAmountReason(capture, order));
    await moveOrder(deps, order.id, { commands: ["decline"], refused: "ignore" });
    throw new DomainError("PAYPAL_ERROR", WRONG_AMOUNT_MESSAGE, { refunded: true });
  } else {
    await moveOrder(deps, order.id, { commands: ["decline"], refused: "ignore" });
  }
  const updated = await findOrder(deps, order.id);
  return { capture: result, order: toOrder(updated ?? order) };
}

/** refundUnwantedCapture for a buyer waiting on the answer: a refund PayPal refuses is logged and said in French. */
async function refundOrFail(
  deps: DataDeps,
  client: PaypalClient,
  orderId: string,
  captureId: string,
  why: string,
) {
  try {
    await refundUnwantedCapture(deps, client, orderId, captureId, why);
  } catch (error) {
    if (!(error instanceof PaypalError)) throw error;
    logPaypalFailure(error, {
      order_id: orderId,
      capture_id: captureId,
      why: `${why}; the automatic refund failed, the reconciliation will retry`,
    });
    throw new DomainError("PAYPAL_ERROR", AUTO_REFUND_PENDING_MESSAGE, { refunded: false });
  }
}
