/**
 * The lifecycle's refund_capture effect. Its own small module so that only the functions that
 * cancel paid orders carry PayPal's client.
 */
import { DomainError } from "../../src/domain/errors";
import type { MoveHandlers } from "../orders/lifecycle";
import type { OrderRecord } from "../orders/service";
import type { Deps } from "../platform/deps";
import { paypalClient } from "./paypal-client";
import { paypalFailure } from "./paypal-failures";

/**
 * PayPal-Request-Id `<order>-cancel`: a retry never refunds twice. If PayPal refuses nothing is recorded: the order
 * stays "Remboursement à effectuer", and marking the payment "Remboursé" tries again.
 */
export const refundCancelledCapture =
  (deps: Deps): NonNullable<MoveHandlers["refundCapture"]> =>
  async (order: OrderRecord) => {
    try {
      const client = await paypalClient(deps);
      const refund = await client.refundCapture(order.paypal_capture_id ?? "", {
        currency: "EUR",
        requestId: `${order.id}-cancel`,
        noteToPayer: `Remboursement de votre commande annulée n° ${order.id.slice(-8)}`,
      });
      return refund.id;
    } catch (error) {
      if (error instanceof DomainError) {
        console.error(
          `Order ${order.id}: the refund of the cancelled order could not start: ${error.message}`,
        );
        throw new DomainError(
          "PAYPAL_ERROR",
          `La commande est annulée, mais le remboursement PayPal reste à effectuer : ${error.message} Réessayez en marquant le paiement « Remboursé », ou remboursez depuis votre compte PayPal.`,
        );
      }
      throw paypalFailure(error, "cancel-refund", {
        order_id: order.id,
        refund_request: `${order.id}-cancel`,
      });
    }
  };
