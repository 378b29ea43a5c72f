import { DomainError } from "../../src/domain/errors";
import { centsToDecimalText, eurosToCents } from "../../src/domain/money";
import type { OrderRequest } from "../../src/domain/order";
import { planCommands } from "../../src/domain/order-lifecycle";
import { type PaypalCaptureResult, PaypalClient, PaypalError, type WebhookHeaders } from "../adapters/paypal";
import type { AuthUser } from "./auth";
import { sendOrderConfirmation } from "./checkout";
import type { DataDeps, Deps } from "./deps";
import { changeOrder } from "./order-changes";
import { type MoveResult, moveOrder, type OrderMove } from "./order-lifecycle";
import { type OrderRecord, toOrder } from "./orders";
import { placeOrder } from "./place-order/place-order";
import { getSetting } from "./settings";

async function paypalClient(deps: DataDeps): Promise<PaypalClient> {
  const setting = await getSetting(deps, "payment_paypal");
  if (!setting.client_id || !setting.client_secret) throw new DomainError("PAYPAL_NOT_CONFIGURED");
  return new PaypalClient({
    baseUrl: setting.base_url,
    clientId: setting.client_id,
    clientSecret: setting.client_secret,
  });
}

/** GET /api/paypal-payment/client-id: the public client id for PayPal's buttons (503 when not configured). */
export async function paypalClientId(deps: DataDeps): Promise<string> {
  const setting = await getSetting(deps, "payment_paypal");
  if (!setting.client_id || !setting.client_secret) throw new DomainError("PAYPAL_NOT_CONFIGURED");
  return setting.client_id;
}

function paypalFailure(error: unknown): DomainError {
  if (error instanceof DomainError) return error;
  if (error instanceof PaypalError)
    return new DomainError("PAYPAL_ERROR", error.message, { issue: error.issue });
  throw error;
}

const eur = (cents: number) => ({ currency_code: "EUR" as const, value: centsToDecimalText(cents) });

/**
 * Creates our order as a hold (stock and promo taken in its transaction, payment pending), then the PayPal order
 * for exactly our total, with a breakdown that adds up and our order id as reference. If PayPal refuses, the
 * hold is released at once.
 */
export async function createPaypalOrder(
  deps: DataDeps,
  user: AuthUser,
  request: OrderRequest,
  idempotencyKey: string | undefined,
): Promise<{ id: string; order_id: string }> {
  const client = await paypalClient(deps);
  const { order, replayed } = await placeOrder(deps, user, request, {
    paymentMethod: "paypal",
    idempotencyKey,
  });
  if (replayed && order.paypal_order_id) return { id: order.paypal_order_id, order_id: order.id };
  if (order.total_cents <= 0) {
    await moveOrder(deps, order.id, { commands: ["abandon"], refused: "ignore" });
    throw new DomainError("NOTHING_TO_PAY");
  }
  const a = order.shipping_address;
  try {
    const created = await client.createOrder(
      {
        referenceId: order.id,
        description: `Commande ${order.id.slice(-8)}`,
        amount: {
          ...eur(order.total_cents),
          breakdown: {
            item_total: eur(order.subtotal_cents),
            shipping: eur(order.shipping_cents),
            discount: eur(order.discount_cents),
          },
        },
        items: order.items.map((item) => ({
          name: item.product_name.slice(0, 127),
          sku: String(item.product_id),
          quantity: String(item.quantity),
          unit_amount: eur(item.unit_price_cents),
        })),
        shipping: {
          name: { full_name: `${a.first_name} ${a.last_name}`.slice(0, 300) },
          address: {
            address_line_1: a.address_line1,
            ...(a.address_line2 && { address_line_2: a.address_line2 }),
            admin_area_2: a.city,
            postal_code: a.postal_code,
            country_code: a.country === "France" ? "FR" : "US",
          },
        },
      },
      `create-${order.id}`,
    );
    await deps.db.service.transaction
      .write(({ order: orderEntity, paypalLink }) => [
        orderEntity.patch({ id: order.id }).set({ paypal_order_id: created.id }).commit(),
        paypalLink.put({ paypal_order_id: created.id, order_id: order.id }).commit(),
      ])
      .go();
    return { id: created.id, order_id: order.id };
  } catch (error) {
    await moveOrder(deps, order.id, { commands: ["decline"], refused: "ignore" });
    throw paypalFailure(error);
  }
}

async function orderForPaypalId(deps: DataDeps, paypalOrderId: string): Promise<OrderRecord | null> {
  const { data: link } = await deps.db.entities.paypalLink.get({ paypal_order_id: paypalOrderId }).go();
  if (!link) return null;
  return (await deps.db.entities.order.get({ id: link.order_id }).go()).data;
}

/** Payment accepted: once, only while the lifecycle still waits for it (never for a released hold). */
function markPaid(
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

function captureAmountMatches(
  capture: { amount: { currency_code: string; value: string } },
  order: OrderRecord,
) {
  return (
    capture.amount.currency_code === "EUR" && eurosToCents(Number(capture.amount.value)) === order.total_cents
  );
}

/**
 * Captures the caller's own PayPal order (anyone else's answers 404 before PayPal is called). The capture
 * carries a PayPal-Request-Id derived from our order, so a retry never charges twice. The payment is accepted
 * only when PayPal says COMPLETED for exactly our total in EUR; PENDING keeps it pending (the webhook
 * completes it); DECLINED marks it failed and releases the hold.
 */
export async function capturePaypalOrder(deps: Deps, user: AuthUser, paypalOrderId: string) {
  const order = await orderForPaypalId(deps, paypalOrderId);
  if (!order || order.user_id !== user.id) throw new DomainError("ORDER_NOT_FOUND");
  if (order.payment_status === "completed") return { capture: null, order: toOrder(order) };
  if (order.released_at || order.payment_status !== "pending") throw new DomainError("ORDER_CLOSED");

  const client = await paypalClient(deps);
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
      await deps.db.entities.order
        .patch({ id: order.id })
        .add({ paypal_capture_attempt: 1 })
        .go()
        .catch(() => undefined);
      throw new DomainError("PAYMENT_DECLINED");
    }
    if (error instanceof PaypalError && error.issue === "ORDER_ALREADY_CAPTURED") {
      result = await client.getOrder(paypalOrderId);
    } else {
      throw paypalFailure(error);
    }
  }

  const capture = result.purchase_units[0]?.payments?.captures?.[0];
  const payerId = result.payer?.payer_id;
  if (capture?.status === "COMPLETED" && captureAmountMatches(capture, order)) {
    if ((await markPaid(deps, order.id, capture.id, payerId)).changed)
      await sendOrderConfirmation(deps, { ...order, payment_status: "completed" });
  } else if (capture?.status === "PENDING") {
    await changeOrder(deps, order.id, (current) =>
      current.payment_status === "pending"
        ? { set: { paypal_capture_id: capture.id, ...(payerId && { paypal_payer_id: payerId }) } }
        : null,
    );
  } else if (capture?.status === "COMPLETED") {
    console.error(
      `Order ${order.id}: PayPal captured ${capture.amount.value} ${capture.amount.currency_code}, expected ${order.total_cents} cents EUR`,
    );
    throw new DomainError("PAYPAL_ERROR", "Failed to capture PayPal payment: montant inattendu");
  } else {
    await moveOrder(deps, order.id, { commands: ["decline"], refused: "ignore" });
  }
  const { data: updated } = await deps.db.entities.order.get({ id: order.id }).go();
  return { capture: result, order: toOrder(updated ?? order) };
}

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
): Promise<"applied" | "duplicate" | "ignored"> {
  const setting = await getSetting(deps, "payment_paypal");
  if (!setting.webhook_id) throw new DomainError("PAYPAL_NOT_CONFIGURED", "Webhook PayPal non configuré.");
  const client = await paypalClient(deps);
  const genuine = await client.verifyWebhook(headers, setting.webhook_id, event).catch(() => false);
  if (!genuine) throw new DomainError("FORBIDDEN", "Signature du webhook PayPal invalide.");

  // An event is marked seen in the very transaction that applies it: if applying fails, PayPal's retry of the
  // same event is applied, not answered "duplicate". Events that change nothing are not recorded.
  const seen = async () => Boolean((await deps.db.entities.webhookEvent.get({ id: event.id }).go()).data);
  if (await seen()) return "duplicate";
  const orderId = event.resource.custom_id;
  const order = orderId ? (await deps.db.entities.order.get({ id: orderId }).go()).data : null;
  if (order?.payment_method !== "paypal") return "ignored";
  const captureId = event.resource.id ?? "";
  const once: Pick<OrderMove, "wanted" | "alsoWrite"> = {
    wanted: async () => !(await seen()),
    alsoWrite: ({ webhookEvent }) => [
      webhookEvent
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
      const answer = await outcome(markPaid(deps, order.id, captureId, undefined, once));
      if (answer === "applied") await sendOrderConfirmation(deps, { ...order, payment_status: "completed" });
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
