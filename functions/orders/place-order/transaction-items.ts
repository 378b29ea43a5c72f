import { DomainError } from "../../../src/domain/errors";
import { idempotencyScope } from "../../../src/domain/orders/guest";
import { type OrderEffects, orderStatsChanges } from "../../../src/domain/orders/plan-order/effects";
import { parisDay } from "../../../src/domain/promos/promo";
import { addToStats } from "../../admin/stats";
import { lotSaleItems } from "../../batches/batch-stock";
import { saleItems } from "../../catalog/stock";
import type { TransactionEntities, TransactionItem } from "../../platform/db/transaction";
import { type GuestLinkSeed, guestLinkItem } from "../guest/link-entity";
import type { OrderRecord } from "../service";
import { unpaidHoldItems } from "../unpaid-holds";

/** The promo's limits the transaction's conditions hold it to (a stored promo record is one). */
type PromoLimits = { id: string; usage_limit?: number | null; max_uses_per_user: number };

const IDEMPOTENCY_TTL_S = 24 * 3600;
const DAILY_USE_TTL_S = 3 * 86_400;

/** The promo's global use under its limit, the customer's use today under hers, and the usage record. */
function promoUseItems(
  entities: TransactionEntities,
  promo: PromoLimits,
  order: OrderRecord,
  now: Date,
): TransactionItem[] {
  return [
    {
      commit: entities.promo
        .patch({ id: promo.id })
        .add({ usage_count: 1 })
        .where(({ usage_count, usage_limit, is_active }, { lt, notExists, eq }) =>
          promo.usage_limit == null
            ? `${notExists(usage_limit)} AND ${eq(is_active, true)}`
            : `${lt(usage_count, promo.usage_limit)} AND ${eq(is_active, true)}`,
        )
        .commit(),
      onFailed: new DomainError("PROMO_EXHAUSTED"),
    },
    {
      commit: entities.promoDailyUse
        .update({ promo_id: promo.id, user_id: order.promo_use_subject ?? order.user_id, day: parisDay(now) })
        .add({ count: 1 })
        .set({ expires_at_ttl: Math.ceil(now.getTime() / 1000) + DAILY_USE_TTL_S })
        .where(
          ({ count }, { notExists, lt }) => `${notExists(count)} OR ${lt(count, promo.max_uses_per_user)}`,
        )
        .commit(),
      onFailed: new DomainError("PROMO_USER_LIMIT"),
    },
    {
      commit: entities.promoUsage
        .create({
          promo_id: promo.id,
          order_id: order.id,
          user_id: order.user_id,
          discount_cents: order.discount_cents,
          used_at: order.created_at,
        })
        .commit(),
    },
  ];
}

/** What the order's transaction is built from: the planned order and planOrder's effects. */
export interface OrderWrite
  // The counters are the order's own (orderStatsChanges) when not given.
  extends Pick<OrderEffects, "idempotencyKey" | "fingerprint" | "now" | "stocks" | "movedAt">,
    Partial<Pick<OrderEffects, "watches" | "stats" | "unpaidHolds">> {
  order: OrderRecord;
  promo: PromoLimits | null;
  /** A guest's order: her first link, its hash written with the order, its salt with the Idempotency-Key. */
  guestLink?: GuestLinkSeed;
}

/**
 * Everything placing an order writes, as one transaction: each line's units taken with its stock movement and from
 * its lots (with the record of the order on each lot, for a recall), a guest's unpaid units counted, the
 * promo's uses, the order, the dashboard counters (on the order's own shard: no item every order writes, so
 * unrelated orders never collide), a guest's first link, and the Idempotency-Key (a second request with it replays the first order).
 */
export function orderTransactionItems(
  entities: TransactionEntities,
  {
    order,
    promo,
    idempotencyKey,
    fingerprint,
    now,
    watches,
    stocks,
    movedAt,
    stats,
    guestLink,
    unpaidHolds,
  }: OrderWrite,
): TransactionItem[] {
  return [
    ...order.items.flatMap((line) =>
      saleItems(entities, {
        productId: line.product_id,
        quantity: line.quantity,
        stockBefore: stocks.get(line.product_id) ?? 0,
        orderId: order.id,
        at: movedAt,
        watch: watches?.get(line.product_id),
      }),
    ),
    // The lots each line takes (decision record 018), each conditioned on what is left: a failure means "stale".
    ...order.items.flatMap((line) =>
      lotSaleItems(entities, {
        productId: line.product_id,
        lots: line.lots ?? [],
        orderId: order.id,
        at: order.created_at,
      }),
    ),
    // A guest's units counted under her e-mail and her address, each within the limit of what unpaid orders hold.
    ...unpaidHoldItems(entities, unpaidHolds ?? [], now),
    ...(promo ? promoUseItems(entities, promo, order, now) : []),
    { commit: entities.order.create(order).commit() },
    ...(guestLink
      ? [
          {
            commit: entities.guestLink
              .create(guestLinkItem(order.id, guestLink.hash, order.created_at))
              .commit(),
          },
        ]
      : []),
    ...(stats ?? orderStatsChanges(order, now)).map(({ scope, delta }) =>
      addToStats(entities, scope, order.id, delta),
    ),
    ...(idempotencyKey
      ? [
          {
            commit: entities.idempotencyKey
              .create({
                user_id: idempotencyScope(order.user_id),
                key: idempotencyKey,
                order_id: order.id,
                fingerprint,
                link_salt: guestLink?.salt,
                expires_at_ttl: Math.ceil(now.getTime() / 1000) + IDEMPOTENCY_TTL_S,
              })
              .commit(),
            onFailed: "replay" as const,
          },
        ]
      : []),
  ];
}
