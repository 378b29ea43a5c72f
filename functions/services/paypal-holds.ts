import type { DataDeps } from "./deps";
import { moveOrder } from "./order-lifecycle";

/** PayPal holds (pending payment, no capture) older than this are released. */
export const HOLD_MINUTES = 30;

/**
 * Releases PayPal holds never captured within HOLD_MINUTES: stock and promo use go back once. Reads only
 * the orders of the last two days (newest-first index), never the whole table. Returns the released ids.
 */
export async function releaseExpiredHolds(deps: DataDeps): Promise<string[]> {
  const now = deps.clock().getTime();
  const from = new Date(now - 2 * 86_400_000).toISOString();
  const cutoff = now - HOLD_MINUTES * 60_000;
  const { data } = await deps.db.entities.order.query.all({}).gte({ created_at: from }).go({ pages: "all" });
  const expired = data.filter(
    (order) =>
      order.payment_method === "paypal" &&
      order.payment_status === "pending" &&
      !order.paypal_capture_id &&
      !order.released_at &&
      Date.parse(order.created_at) <= cutoff,
  );
  const released: string[] = [];
  for (const order of expired) {
    const { changed } = await moveOrder(deps, order.id, { commands: ["expire"], refused: "ignore" });
    if (changed) released.push(order.id);
  }
  return released;
}
