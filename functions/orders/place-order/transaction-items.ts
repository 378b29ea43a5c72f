import { idempotencyScope } from "../../../src/domain/orders/guest";
import { type OrderEffects, orderStatsChanges } from "../../../src/domain/orders/plan-order/effects";
import { parisDay } from "../../../src/domain/paris-time";
import { lotSaleItems } from "../../batches/batch-stock";
import { saleItems } from "../../catalog/stock";
import type { Db } from "../../platform/db/service";
import { addToStats } from "../../platform/db/stats";
import type { TransactionItem } from "../../platform/db/transaction";
import { type PromoLimits, promoUseItems } from "../../promos/order-items";
import { idempotencyKeyEntity, orderEntity } from "../entity";
import { type GuestLinkSeed, guestLinkEntity, guestLinkItem } from "../guest/link-entity";
import type { OrderRecord } from "../service";
import { unpaidHoldItems } from "../unpaid-holds";

const IDEMPOTENCY_TTL_S = 24 * 3600;

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
    ...(promo
      ? promoUseItems(db, promo, {
          orderId: order.id,
          userId: order.user_id,
          subject: order.promo_use_subject ?? order.user_id,
          discountCents: order.discount_cents,
          usedAt: order.created_at,
          day: parisDay(now),
          now,
        })
      : []),
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
