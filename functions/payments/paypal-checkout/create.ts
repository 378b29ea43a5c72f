/**
 * A PayPal payment begins (/api/paypal-payment): the buttons' public client id, and our order placed as a hold with
 * the PayPal order for exactly its total (a customer's, or a guest's with her link).
 */

import { DomainError } from "../../../src/domain/errors";
import type { OrderBody } from "../../../src/domain/orders/order";
import { moveOrder } from "../../orders/lifecycle";
import { paypalOrderIdItem } from "../../orders/payment-records";
import { type OrderCaller, type PlaceOrderOptions, placeOrder } from "../../orders/place-order/place-order";
import { writeTransaction } from "../../platform/db/transaction";
import type { DataDeps } from "../../platform/deps";
import { currentShopSetup } from "../../settings/shop-setup";
import { paypalLinkEntity } from "../entity";
import { paypalClient, usablePaypalSetting } from "../paypal-client";
import { releaseEarlierHolds } from "../paypal-earlier-holds";
import { paypalFailure } from "../paypal-failures";
import { paypalOrderRequest } from "./order-request";

/** GET /api/paypal-payment/client-id: the public client id for PayPal's buttons (503 when not configured). */
export async function paypalClientId(deps: DataDeps): Promise<string> {
  if (!(await currentShopSetup(deps)).methods.paypal) throw new DomainError("PAYPAL_NOT_CONFIGURED");
  return (await usablePaypalSetting(deps)).client_id;
}

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
  try {
    const created = await (await client).createOrder(paypalOrderRequest(order), `create-${order.id}`);
    await writeTransaction(deps.db, () => [
      paypalOrderIdItem(deps.db, order.id, created.id),
      {
        commit: paypalLinkEntity
          .transact(deps.db)
          .put({ paypal_order_id: created.id, order_id: order.id })
          .commit(),
      },
    ]);
    return { id: created.id, order_id: order.id, replayed, linkSalt };
  } catch (error) {
    await moveOrder(deps, order.id, { commands: ["decline"], refused: "ignore" });
    throw paypalFailure(error, "checkout", { order_id: order.id });
  }
}
