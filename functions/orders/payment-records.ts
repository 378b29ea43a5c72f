/**
 * What payments reads and writes of an order beside its lifecycle: the orders to follow up, the PayPal order id,
 * the capture attempts, the transfer reminder's claim. Every write moves the order's version.
 */
import { isConditionFailure } from "../platform/db/errors";
import type { Db } from "../platform/db/service";
import type { TransactionItem } from "../platform/db/transaction";
import type { DataDeps } from "../platform/deps";
import { orderEntity } from "./entity";
import type { OrderRecord } from "./service";

/** All orders created since `from` (ISO), newest first. */
export async function ordersCreatedSince(deps: DataDeps, from: string): Promise<OrderRecord[]> {
  const { data } = await orderEntity(deps.db).query.all({}).gte({ created_at: from }).go({ pages: "all" });
  return data;
}

/** A customer's orders created since `from` (ISO). */
export async function userOrdersSince(deps: DataDeps, userId: string, from: string): Promise<OrderRecord[]> {
  const { data } = await orderEntity(deps.db)
    .query.byUser({ user_id: userId })
    .gte({ created_at: from })
    .go({ pages: "all" });
  return data;
}

/** The orders created since `from` still waiting for their bank transfer. */
export async function awaitedTransfersSince(deps: DataDeps, from: string): Promise<OrderRecord[]> {
  const { data } = await orderEntity(deps.db)
    .query.all({})
    .gte({ created_at: from })
    .where(
      ({ payment_method, payment_status, status }, { eq }) =>
        `${eq(payment_method, "bank_transfer")} AND ${eq(payment_status, "pending")} AND ${eq(status, "pending")}`,
    )
    .go({ pages: "all" });
  return data;
}

/** The item that records PayPal's order id on our order, in the transaction that links the two. */
export function paypalOrderIdItem(db: Db, orderId: string, paypalOrderId: string): TransactionItem {
  return {
    commit: orderEntity
      .transact(db)
      .patch({ id: orderId })
      .set({ paypal_order_id: paypalOrderId })
      .add({ version: 1 })
      .commit(),
  };
}

/** One more capture tried on the order (a refused card); the next capture is a new request. */
export async function countCaptureAttempt(deps: DataDeps, id: string, at: string): Promise<void> {
  await orderEntity(deps.db)
    .patch({ id })
    .set({ updated_at: at })
    .add({ paypal_capture_attempt: 1, version: 1 })
    .go();
}

/** Of two runs at once, one wins and sends; a transfer marked received meanwhile stops it. */
export async function claimTransferReminder(deps: DataDeps, id: string, at: string): Promise<boolean> {
  try {
    await orderEntity(deps.db)
      .patch({ id })
      .set({ transfer_reminded_at: at, updated_at: at })
      // Every order write moves its version, so a change decided before this claim is decided again.
      .add({ version: 1 })
      .where(
        ({ transfer_reminded_at, payment_method, payment_status, status }, { eq, notExists }) =>
          `${notExists(transfer_reminded_at)} AND ${eq(payment_method, "bank_transfer")} AND ${eq(payment_status, "pending")} AND ${eq(status, "pending")}`,
      )
      .go();
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/** A reminder that could not be sent is unclaimed, so the next run tries again (only the claim this run made). */
export async function releaseTransferReminder(deps: DataDeps, id: string, at: string): Promise<void> {
  await orderEntity(deps.db)
    .update({ id })
    .remove(["transfer_reminded_at"])
    .set({ updated_at: deps.clock().toISOString() })
    .add({ version: 1 })
    .where(({ transfer_reminded_at }, { eq }) => eq(transfer_reminded_at, at))
    .go()
    .catch((error: unknown) => {
      if (!isConditionFailure(error)) throw error;
    });
}
