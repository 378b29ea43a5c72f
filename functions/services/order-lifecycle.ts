/**
 * Every change of an order's status or payment goes through here: the lifecycle's table (src/domain/
 * order-lifecycle.ts) decides, and the move is written as one transaction with its effects (invoice or credit note,
 * stock and promo use given back) and the order's other fields, conditioned on the version the decision was made
 * from (changeOrder).
 */
import { DomainError } from "../../src/domain/errors";
import {
  type LifecyclePlan,
  lifecycleStateOf,
  type OrderCommand,
  planCommands,
} from "../../src/domain/order-lifecycle";
import { parisDay } from "../../src/domain/promo";
import { lotGiveBackCommits } from "./batch-stock";
import type { DataDeps } from "./deps";
import { changeOrder, documentsDue, type OrderChange, type OrderFields } from "./order-changes";
import type { OrderRecord } from "./orders";
import { markRestocked } from "./publishing";
import { restockItems, type StockReason } from "./stock";
import { afterStockChange } from "./stock-alerts";

export interface OrderMove {
  /** The commands to apply in order, or a plan made from the current order (the admin's form). */
  commands: readonly OrderCommand[] | ((order: OrderRecord) => LifecyclePlan | { reason: string });
  /** Other fields written with the move (capture id, carrier and tracking number...). */
  set?: (order: OrderRecord) => OrderFields;
  /**
   * A move the table refuses: "throw" answers 409 with its French reason (the owner's form); "ignore" changes
   * nothing (a job, a duplicate or late webhook, a capture retried).
   */
  refused: "throw" | "ignore";
  /** Asked on the current order before each attempt: false leaves the order as it is (a webhook seen meanwhile). */
  wanted?: (order: OrderRecord) => Promise<boolean>;
  /** More items written in the move's transaction, only when it changes the order (the webhook event marked seen). */
  alsoWrite?: NonNullable<OrderChange["with"]>;
}

export interface MoveResult {
  order: OrderRecord;
  changed: boolean;
  /** The commands applied (empty when nothing changed). */
  applied: OrderCommand[];
}

/**
 * Stock and promo use back, as transaction items. What no longer exists is skipped, explicitly: a product or a
 * promo code deleted since the order has nothing to get back, and the day's promo counter expires after 3 days.
 */
async function releaseWrites(
  deps: DataDeps,
  order: OrderRecord,
  reason: StockReason,
): Promise<NonNullable<OrderChange["with"]>> {
  const ids = [...new Set(order.items.map((item) => item.product_id))];
  // Strongly consistent: each unit given back is conditioned on the stock read here (its movement says what it leaves).
  const { data: products } = await deps.db.entities.product
    .get(ids.map((id) => ({ id })))
    .go({ consistent: true });
  const stocks = new Map(products.map((product) => [product.id, product.stock]));
  const promoId = order.promo_id;
  const day = parisDay(new Date(order.created_at));
  const [promo, dailyUse] = promoId
    ? await Promise.all([
        deps.db.entities.promo.get({ id: promoId }).go(),
        deps.db.entities.promoDailyUse.get({ promo_id: promoId, user_id: order.user_id, day }).go(),
      ])
    : [null, null];
  const at = deps.clock().toISOString();
  return (entities) => {
    const { promo: promoEntity, promoDailyUse, promoUsage } = entities;
    return [
      ...order.items
        .filter((item) => stocks.has(item.product_id))
        .flatMap((item) =>
          restockItems(entities, {
            productId: item.product_id,
            delta: item.quantity,
            stockBefore: stocks.get(item.product_id) ?? 0,
            reason,
            orderId: order.id,
            at,
          }).map(({ commit }) => commit),
        ),
      // The units go back to the lots they came from (decision record 018); an order released is never returned.
      ...order.items
        .filter((item) => stocks.has(item.product_id))
        .flatMap((item) => lotGiveBackCommits(entities, item.product_id, item.lots ?? [])),
      ...(promoId && promo?.data
        ? [
            promoEntity.patch({ id: promoId }).subtract({ usage_count: 1 }).commit(),
            promoUsage.delete({ promo_id: promoId, used_at: order.created_at, order_id: order.id }).commit(),
          ]
        : []),
      ...(promoId && dailyUse?.data && dailyUse.data.count > 0
        ? [
            promoDailyUse
              .patch({ promo_id: promoId, user_id: order.user_id, day })
              .subtract({ count: 1 })
              .commit(),
          ]
        : []),
    ];
  };
}

/** Moves an order through the lifecycle; see OrderMove. Throws ORDER_NOT_FOUND for an unknown order. */
export async function moveOrder(deps: DataDeps, id: string, request: OrderMove): Promise<MoveResult> {
  let applied: OrderCommand[] = [];
  let before: OrderRecord | undefined;
  const { order, changed } = await changeOrder(deps, id, async (current) => {
    before = current;
    applied = [];
    if (request.wanted && !(await request.wanted(current))) return null;
    const plan =
      typeof request.commands === "function"
        ? request.commands(current)
        : planCommands(lifecycleStateOf(current), request.commands);
    if ("reason" in plan) {
      if (request.refused === "throw") throw new DomainError("ORDER_TRANSITION", plan.reason);
      return null;
    }
    const set: OrderFields = { ...request.set?.(current) };
    if (plan.to.status !== current.status) set.status = plan.to.status;
    if (plan.to.payment_status !== current.payment_status) set.payment_status = plan.to.payment_status;
    const documents = documentsDue(current, [
      ...(plan.effects.includes("issue_invoice") ? ["invoice" as const] : []),
      ...(plan.effects.includes("issue_credit_note") ? ["credit_note" as const] : []),
    ]);
    let writes: OrderChange["with"];
    if (plan.effects.includes("release") && !current.released_at) {
      set.released_at = deps.clock().toISOString();
      const cancelled = plan.commands.some((command) => command === "cancel" || command === "refunded");
      writes = await releaseWrites(deps, current, cancelled ? "cancellation" : "release");
    }
    const unchanged = Object.entries(set).every(
      ([key, value]) => current[key as keyof OrderRecord] === value,
    );
    if (unchanged && !documents.length) return null;
    applied = plan.commands;
    const also = request.alsoWrite;
    const withAll: OrderChange["with"] =
      writes || also ? (entities) => [...(writes?.(entities) ?? []), ...(also?.(entities) ?? [])] : undefined;
    return { set, documents, statuses: plan.statuses, with: withAll };
  });
  if (changed && order.released_at && !before?.released_at) {
    await markRestocked(deps, order.items);
    // Units back: the low-stock alert re-armed, the waitlist told (decision record 026).
    await afterStockChange(deps, order.items);
  }
  return { order, changed, applied: changed ? applied : [] };
}
