import { DomainError } from "../../../src/domain/errors";
import { idempotencyScope } from "../../../src/domain/orders/guest";
import { type OrderEffects, orderStatsChanges } from "../../../src/domain/orders/plan-order/effects";
import { parisDay } from "../../../src/domain/promos/promo";
import { lotSaleItems } from "../../batches/batch-stock";
import { saleItems } from "../../catalog/stock";
import type { Db } from "../../platform/db/service";
import { addToStats } from "../../platform/db/stats";
import type { TransactionItem } from "../../platform/db/transaction";
import { promoDailyUseEntity, promoEntity, promoUsageEntity } from "../../promos/entity";
import { idempotencyKeyEntity, orderEntity } from "../entity";
import { type GuestLinkSeed, guestLinkEntity, guestLinkItem } from "../guest/link-entity";
import type { OrderRecord } from "../service";
import { unpaidHoldItems } from "../unpaid-holds";

type PromoLimits = { id: string; usage_limit?: number | null; max_uses_per_user: number };

const IDEMPOTENCY_TTL_S = 24 * 3600;
const DAILY_USE_TTL_S = 3 * 86_400;

function promoUseItems(db: Db, promo: PromoLimits, order: OrderRecord, now: Date): TransactionItem[] {
  return [
    {
      commit: promoEntity
        .transact(db)
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
      commit: promoDailyUseEntity
        .transact(db)
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
      commit: promoUsageEntity
        .transact(db)
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

export interface OrderWrite
  extends Pick<OrderEffects, "idempotencyKey" | "fingerprint" | "now" | "stocks" | "movedAt">,
    Partial<Pick<OrderEffects, "watches" | "stats" | "unpaidHolds">> {
  order: OrderRecord;
  promo: PromoLimits | null;
  guestLink?: GuestLinkSeed;
}

/**
 * Everything placing an order writes, as one transaction. The dashboard counters go on the order's own shard: no item
 * every order writes, so unrelated orders never collide.
 */
export function orderTransactionItems(
  db: Db,
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
      saleItems(db, {
        productId: line.product_id,
        quantity: line.quantity,
        stockBefore: stocks.get(line.product_id) ?? 0,
        orderId: order.id,
        at: movedAt,
        watch: watches?.get(line.product_id),
      }),
    ),
    // The lots each line takes, each conditioned on what is left: a failure means "stale".
    ...order.items.flatMap((line) =>
      lotSaleItems(db, {
        productId: line.product_id,
        lots: line.lots ?? [],
        orderId: order.id,
        at: order.created_at,
      }),
    ),
    ...unpaidHoldItems(db, unpaidHolds ?? [], now),
    ...(promo ? promoUseItems(db, promo, order, now) : []),
    { commit: orderEntity.transact(db).create(order).commit() },
    ...(guestLink
      ? [
          {
            commit: guestLinkEntity
              .transact(db)
              .create(guestLinkItem(order.id, guestLink.hash, order.created_at))
              .commit(),
          },
        ]
      : []),
    ...(stats ?? orderStatsChanges(order, now)).map(({ scope, delta }) =>
      addToStats(db, scope, order.id, delta),
    ),
    ...(idempotencyKey
      ? [
          {
            commit: idempotencyKeyEntity
              .transact(db)
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
