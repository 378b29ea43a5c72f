/**
 * Made before anything is written: a refusal leaves the order as it was. Handed in, so that only the functions that
 * refund carry PayPal's client.
 */
import { DomainError } from "../../src/domain/errors";
import type { RefundAtPaypal } from "../orders/return-effects";
import { paypalClient } from "./paypal-client";
import { paypalFailure } from "./paypal-failures";

export const refundAtPaypal: RefundAtPaypal = async (deps, order, refundId, amountCents) => {
  if (!order.paypal_capture_id)
    throw new DomainError(
      "ORDER_TRANSITION",
      "Cette commande PayPal n'a pas de paiement capturé à rembourser.",
    );
  const client = await paypalClient(deps);
  try {
    return await client.refundCapture(order.paypal_capture_id, {
      amountCents,
      currency: "EUR",
      requestId: refundId,
      noteToPayer: `Remboursement de votre commande n° ${order.id.slice(-8)}`,
    });
  } catch (error) {
    throw paypalFailure(error, "refund", { order_id: order.id, refund_id: refundId });
  }
};
