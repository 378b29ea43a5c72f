import { DomainError } from "../../src/domain/errors";
import { centsToDecimalText, eurosToCents } from "../../src/domain/money";
import type { OrderBody } from "../../src/domain/orders/order";
import { planCommands } from "../../src/domain/orders/order-lifecycle";
import { changeOrder } from "../orders/changes";
import { sendOrderConfirmation } from "../orders/confirmation-mail";
import { type OrderAccess, reachableOrder } from "../orders/guest/links";
import { type MoveResult, moveOrder, type OrderMove } from "../orders/lifecycle";
import { type OrderCaller, type PlaceOrderOptions, placeOrder } from "../orders/place-order/place-order";
import { type OrderRecord, toOrder } from "../orders/service";
import type { PaypalCaptureResult, WebhookHeaders } from "../platform/adapters/paypal/bodies";
import type { PaypalClient } from "../platform/adapters/paypal/client";
import { PaypalError } from "../platform/adapters/paypal/error";
import { writeTransaction } from "../platform/db/transaction";
import type { DataDeps, Deps } from "../platform/deps";
import { getSetting } from "../settings/service";
import { currentShopSetup } from "../settings/shop-setup";
import { paypalClient, usablePaypalSetting } from "./paypal-client";
import { abandonHold, releaseEarlierHolds } from "./paypal-earlier-holds";
import { logPaypalFailure, paypalFailure } from "./paypal-failures";

export { paypalClient };

/** GET /api/paypal-payment/client-id: the public client id for PayPal's buttons (503 when not configured). */
export async function paypalClientId(deps: DataDeps): Promise<string> {
  if (!(await currentShopSetup(deps)).methods.paypal) throw new DomainError("PAYPAL_NOT_CONFIGURED");
  return (await usablePaypalSetting(deps)).client_id;
}

const eur = (cents: number) => ({ currency_code: "EUR" as const, value: centsToDecimalText(cents) });

/**
 * Creates our order as a hold (stock and promo taken in its transaction, payment pending), then the PayPal order
 * for exactly our total, with a breakdown that adds up and our order id as reference. If PayPal refuses, the
 * hold is released at once. A new attempt (not a retry of the same Idempotency-Key) first releases the
 * customer's earlier holds (placeOrder calls releaseEarlierHolds once the caller is proven); a retry answers the
 * same PayPal order while its hold is pending, and 409 once it is closed (released or paid): the checkout then
 * starts a new attempt.
 * The caller's session is proven in the order's own read round, as for a bank transfer (OrderCaller); PayPal's
 * credentials are opened meanwhile, and nothing is placed when they cannot be.
 */
export async function createPaypalOrder(
  deps: DataDeps,
  caller: OrderCaller,
  request: OrderBody,
  idempotencyKey: string | undefined,
  guest: Pick<PlaceOrderOptions, "guestLink"> = {},
): Promise<{ id: string; order_id: string; replayed: boolean; linkSalt?: string }> {
  const client = paypalClient(deps);
  const { order, replayed, linkSalt } = await placeOrder(deps, caller, request, {
    paymentMethod: "paypal",
    idempotencyKey,
    ready: client,
    // A guest names herself: she gives up nothing held under her e-mail (someone typing it could release it).
    giveUpEarlier: "guest" in caller ? undefined : releaseEarlierHolds,
    ...guest,
  });
  if (replayed && order.payment_status !== "pending") {
    throw new DomainError(
      "ORDER_CLOSED",
      order.payment_status === "failed"
        ? "Cette tentative de paiement PayPal a été annulée : relancez le paiement."
        : "Le paiement de cette commande est déjà enregistré.",
    );
  }
  if (replayed && order.paypal_order_id)
    return { id: order.paypal_order_id, order_id: order.id, replayed, linkSalt };
  if (order.total_cents <= 0) {
    await moveOrder(deps, order.id, { commands: ["abandon"], refused: "ignore" });
    throw new DomainError("NOTHING_TO_PAY");
  }
  const a = order.shipping_address;
  const point = order.pickup_point;
  try {
    const created = await (await client).createOrder(
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
          // Where the parcel goes: the pick-up point's address for an order to a point (issue 31).
          address: point
            ? {
                address_line_1: point.address_line1,
                ...(point.address_line2 && { address_line_2: point.address_line2 }),
                admin_area_2: point.city,
                postal_code: point.postal_code,
                country_code: point.country_code,
              }
            : {
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
    await writeTransaction(deps.db, ({ order: orderEntity, paypalLink }) => [
      { commit: orderEntity.patch({ id: order.id }).set({ paypal_order_id: created.id }).commit() },
      { commit: paypalLink.put({ paypal_order_id: created.id, order_id: order.id }).commit() },
    ]);
    return { id: created.id, order_id: order.id, replayed, linkSalt };
  } catch (error) {
    await moveOrder(deps, order.id, { commands: ["decline"], refused: "ignore" });
    throw paypalFailure(error, "checkout", { order_id: order.id });
  }
}

/**
 * The caller's order behind a PayPal order id: a customer's own, or the guest order her link opens (issue 32);
 * anyone else's answers 404 like a made-up id, before PayPal is called.
 */
async function reachableByPaypalId(deps: DataDeps, paypalOrderId: string, access: OrderAccess) {
  const { data: link } = await deps.db.entities.paypalLink.get({ paypal_order_id: paypalOrderId }).go();
  if (!link) throw new DomainError("ORDER_NOT_FOUND");
  return reachableOrder(deps, link.order_id, access);
}

export type ReleaseOutcome = "released" | "already_released" | "paid" | "capturing";

const releaseMessages: Record<ReleaseOutcome, string> = {
  released: "Paiement PayPal annulé : les articles et le code promo ne vous sont plus réservés.",
  already_released: "Cette tentative de paiement était déjà annulée.",
  paid: "Le paiement de cette commande est déjà enregistré : elle n'est pas annulée.",
  capturing: "Le paiement de cette commande est en cours de traitement chez PayPal : elle n'est pas annulée.",
};

/**
 * The buyer closed or cancelled PayPal's window (the buttons' onCancel / onError): their own pending PayPal order
 * is released at once, stock and promo use back. Someone else's order answers 404 like a made-up id. Idempotent:
 * an order already released, paid, or whose capture is under way is left as it is and the answer says so.
 */
export async function releasePaypalOrder(
  deps: DataDeps,
  access: OrderAccess,
  paypalOrderId: string,
): Promise<{ outcome: ReleaseOutcome; message: string; order: ReturnType<typeof toOrder> }> {
  const found = await reachableByPaypalId(deps, paypalOrderId, access);
  const { order, changed } = await abandonHold(deps, found.id);
  const outcome: ReleaseOutcome = changed
    ? "released"
    : order.payment_status === "pending"
      ? "capturing"
      : order.payment_status === "failed"
        ? "already_released"
        : "paid";
  return { outcome, message: releaseMessages[outcome], order: toOrder(order) };
}

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

type CapturedAmount = { amount: { currency_code: string; value: string } };

/** PayPal captured the order's total, in euros (the capture and the holds' reconciliation ask the same). */
export function captureAmountMatches(capture: CapturedAmount, order: OrderRecord) {
  return (
    capture.amount.currency_code === "EUR" && eurosToCents(Number(capture.amount.value)) === order.total_cents
  );
}

/** Why a capture of another amount is refunded, for the log and the order's record. */
export const wrongAmountReason = (capture: CapturedAmount, order: OrderRecord) =>
  `captured ${capture.amount.value} ${capture.amount.currency_code} instead of ${order.total_cents} cents EUR`;

/** Why a capture that completed after its order was released is refunded. */
export const LATE_CAPTURE_REASON = "completed after the order was released";

/** What the buyer reads when their payment came after their order was released, and was given back. */
export const AUTO_REFUNDED_MESSAGE =
  "Le délai de paiement de cette commande a expiré : votre paiement a été remboursé automatiquement. Votre panier est toujours là.";
const AUTO_REFUND_PENDING_MESSAGE =
  "Le délai de paiement de cette commande a expiré et le remboursement automatique de votre paiement n'a pas encore abouti : il sera refait automatiquement. Votre panier est toujours là.";
const WRONG_AMOUNT_MESSAGE =
  "PayPal a encaissé un montant différent du total de la commande : votre paiement a été remboursé automatiquement. Votre panier est toujours là.";

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
    const { data: now } = await deps.db.entities.order.get({ id: found.id }).go();
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
      await deps.db.entities.order
        .patch({ id: order.id })
        .set({ updated_at: deps.clock().toISOString() })
        .add({ paypal_capture_attempt: 1, version: 1 })
        .go()
        .catch(() => undefined);
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
  const { data: updated } = await deps.db.entities.order.get({ id: order.id }).go();
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
