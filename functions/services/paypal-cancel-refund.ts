/**
 * The refund of a paid PayPal order cancelled before shipping (order-lifecycle.md: "admin cancels before delivery",
 * docs/decisions/009): used by the owner's order form and by a customer's withdrawal before shipping. Its own small
 * module so the customer-facing Lambdas do not carry the admin service.
 */
import { DomainError } from "../../src/domain/errors";
import { PaypalError } from "../adapters/paypal";
import type { Deps } from "./deps";
import { moveOrder } from "./order-lifecycle";
import type { OrderRecord } from "./orders";
import { paypalClient } from "./paypal-client";

/**
 * Refunds the whole capture of a cancelled PayPal order (PayPal-Request-Id `<order>-cancel`: a retry never refunds
 * twice), then records it (refund_done). If PayPal refuses, the order stays "Remboursement à effectuer" and the owner
 * is told; marking the payment "Remboursé" tries again.
 */
export async function refundCancelledPaypal(deps: Deps, order: OrderRecord): Promise<OrderRecord> {
  if (!order.paypal_capture_id) return order;
  let refundId: string;
  try {
    const client = await paypalClient(deps);
    const refund = await client.refundCapture(order.paypal_capture_id, {
      currency: "EUR",
      requestId: `${order.id}-cancel`,
      noteToPayer: `Remboursement de votre commande annulée n° ${order.id.slice(-8)}`,
    });
    refundId = refund.id;
  } catch (error) {
    if (!(error instanceof PaypalError) && !(error instanceof DomainError)) throw error;
    console.error(`Order ${order.id}: PayPal refused the refund of the cancelled order`, error);
    throw new DomainError(
      "PAYPAL_ERROR",
      "La commande est annulée, mais PayPal a refusé le remboursement : il reste à effectuer. Réessayez en marquant le paiement « Remboursé », ou remboursez depuis votre compte PayPal.",
    );
  }
  const { order: after } = await moveOrder(deps, order.id, {
    commands: ["refund_done"],
    set: () => ({ paypal_refund_id: refundId }),
    refused: "ignore",
  });
  return after;
}
