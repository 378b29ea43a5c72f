/**
 * PayPal's webhook deliveries: verified with PayPal, then applied once per event (a payment completed, denied or
 * refunded).
 */

import { DomainError } from "../../../src/domain/errors";
import { sendOrderConfirmation } from "../../orders/confirmation-mail";
import { type MoveResult, moveOrder, type OrderMove } from "../../orders/lifecycle";
import { findOrder } from "../../orders/service";
import type { WebhookHeaders } from "../../platform/adapters/paypal/bodies";
import type { Deps } from "../../platform/deps";
import { getSetting } from "../../settings/service";
import { webhookEventEntity } from "../entity";
import { paypalClient } from "../paypal-client";
import { captureAmountMatches, markPaid } from "./mark-paid";
import { refundUnwantedCapture } from "./unwanted-capture";

export interface WebhookEvent {
  id: string;
  event_type: string;
  resource: {
    id?: string;
    custom_id?: string;
    status?: string;
    amount?: { currency_code: string; value: string };
  };
}

/**
 * A PayPal webhook delivery: verified through PayPal's verification API (a forged one is refused and changes
 * nothing), then applied once per event id. Each change is conditioned on the payment state, so duplicates and
 * any order of arrival are harmless.
 */
export async function handlePaypalWebhook(
  deps: Deps,
  headers: WebhookHeaders,
  event: WebhookEvent,
): Promise<"applied" | "duplicate" | "ignored" | "refunded"> {
  const setting = await getSetting(deps, "payment_paypal");
  if (!setting.webhook_id) throw new DomainError("PAYPAL_NOT_CONFIGURED", "Webhook PayPal non configuré.");
  const client = await paypalClient(deps);
  const genuine = await client.verifyWebhook(headers, setting.webhook_id, event).catch(() => false);
  if (!genuine) throw new DomainError("FORBIDDEN", "Signature du webhook PayPal invalide.");

  // An event is marked seen in the very transaction that applies it: if applying fails, PayPal's retry of the
  // same event is applied, not answered "duplicate". Events that change nothing are not recorded.
  const seen = async () => Boolean((await webhookEventEntity(deps.db).get({ id: event.id }).go()).data);
  if (await seen()) return "duplicate";
  const orderId = event.resource.custom_id;
  const order = orderId ? await findOrder(deps, orderId) : null;
  if (order?.payment_method !== "paypal") return "ignored";
  const captureId = event.resource.id ?? "";
  const once: Pick<OrderMove, "wanted" | "alsoWrite"> = {
    wanted: async () => !(await seen()),
    alsoWrite: () => [
      webhookEventEntity
        .transact(deps.db)
        .create({ id: event.id, type: event.event_type, received_at: deps.clock().toISOString() })
        .commit(),
    ],
  };
  const outcome = async (result: Promise<MoveResult>) =>
    (await result).changed ? "applied" : (await seen()) ? "duplicate" : "ignored";

  switch (event.event_type) {
    case "PAYMENT.CAPTURE.COMPLETED": {
      if (!event.resource.amount || !captureAmountMatches({ amount: event.resource.amount }, order))
        return "ignored";
      const paid = markPaid(deps, order.id, captureId, undefined, once);
      const answer = await outcome(paid);
      if (answer === "applied") await sendOrderConfirmation(deps, { ...order, payment_status: "completed" });
      const current = (await paid).order;
      if (
        answer === "ignored" &&
        current.payment_status === "failed" &&
        !current.auto_refund_id &&
        captureId
      ) {
        // Money arrived for an order released meanwhile (cancelled, hold expired): given back, once; the event is
        // marked seen in the write that records the refund. A refund PayPal refuses fails the delivery: PayPal
        // delivers it again.
        await refundUnwantedCapture(
          deps,
          client,
          order.id,
          captureId,
          "completed (webhook) after the order was released",
          once.alsoWrite,
        );
        return "refunded";
      }
      return answer;
    }
    case "PAYMENT.CAPTURE.DENIED":
      return outcome(moveOrder(deps, order.id, { ...once, commands: ["decline"], refused: "ignore" }));
    case "PAYMENT.CAPTURE.REFUNDED": {
      // The event's resource is the refund. A refund of the whole total closes the payment (credit note; an order
      // not yet shipped is cancelled and its stock comes back). Partial refunds are not recorded yet: logged.
      const refunded = event.resource.amount;
      if (refunded && !captureAmountMatches({ amount: refunded }, order)) {
        console.error(
          `Order ${order.id}: PayPal refunded ${refunded.value} ${refunded.currency_code} of ${order.total_cents} cents; partial refunds are not recorded yet`,
        );
        return "ignored";
      }
      return outcome(moveOrder(deps, order.id, { ...once, commands: ["refunded"], refused: "ignore" }));
    }
    default:
      return "ignored";
  }
}
