/**
 * Money PayPal captured for an order that no longer takes it (released, or another amount) goes back at once, once
 * per capture, whoever notices first: the capture, a webhook or the reconciliation.
 */

import { changeOrder } from "../../orders/changes";
import type { OrderMove } from "../../orders/lifecycle";
import type { OrderRecord } from "../../orders/service";
import type { PaypalClient } from "../../platform/adapters/paypal/client";
import type { DataDeps } from "../../platform/deps";
import type { CapturedAmount } from "./mark-paid";

/** Why a capture of another amount is refunded, for the log and the order's record. */
export const wrongAmountReason = (capture: CapturedAmount, order: OrderRecord) =>
  `captured ${capture.amount.value} ${capture.amount.currency_code} instead of ${order.total_cents} cents EUR`;

/** Why a capture that completed after its order was released is refunded. */
export const LATE_CAPTURE_REASON = "completed after the order was released";

/** What the buyer reads when their payment came after their order was released, and was given back. */
export const AUTO_REFUNDED_MESSAGE =
  "Le délai de paiement de cette commande a expiré : votre paiement a été remboursé automatiquement. Votre panier est toujours là.";

/** The PayPal-Request-Id of the automatic refund of a capture: one refund per capture, whoever asks and however often. */
export const autoRefundRequestId = (captureId: string) => `auto-refund-${captureId}`;

/**
 * Gives back, in full and at once, money PayPal captured for an order that does not take it (released: hold
 * expired, window closed, cancelled; or a wrong amount). The refund's PayPal-Request-Id comes from the capture, so
 * the capture's retry, a webhook and the reconciliation never refund twice. Logged, and recorded on the order
 * (auto_refund_id, with `alsoWrite` in the same write: a webhook event marked seen). Throws PaypalError when PayPal
 * refuses or cannot be reached: nothing is recorded then, and the reconciliation tries again.
 */
export async function refundUnwantedCapture(
  deps: DataDeps,
  client: PaypalClient,
  orderId: string,
  captureId: string,
  why: string,
  alsoWrite?: OrderMove["alsoWrite"],
): Promise<{ refundId: string; recorded: boolean }> {
  const refund = await client.refundCapture(captureId, {
    currency: "EUR",
    requestId: autoRefundRequestId(captureId),
    noteToPayer: "Remboursement automatique : la commande n'attendait plus ce paiement.",
  });
  console.warn(
    `Order ${orderId}: PayPal capture ${captureId} ${why}; refunded automatically (refund ${refund.id}, ${refund.status}, ${refund.amountCents} cents)`,
  );
  const { changed } = await changeOrder(deps, orderId, (current) =>
    current.auto_refund_id
      ? null
      : {
          set: { auto_refund_id: refund.id, paypal_capture_id: current.paypal_capture_id ?? captureId },
          with: alsoWrite,
        },
  );
  return { refundId: refund.id, recorded: changed };
}
