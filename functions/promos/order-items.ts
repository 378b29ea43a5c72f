/**
 * What an order does to a promo, offered to orders as reads and transaction items: the order's one transaction
 * holds them beside its own, so a use is counted with the order or not at all.
 */
import { DomainError } from "../../src/domain/errors";
import { batchGetAll } from "../platform/db/batch-get";
import type { ReadRound } from "../platform/db/read-round";
import type { Db } from "../platform/db/service";
import type { Commit, TransactionItem } from "../platform/db/transaction";
import type { DataDeps } from "../platform/deps";
import { promoDailyUseEntity, promoEntity, promoUsageEntity } from "./entity";

const DAILY_USE_TTL_S = 3 * 86_400;

/** A promo's uses by one subject (an e-mail-derived key or a user id) on one Paris day. */
export interface DailyUseKey {
  promo_id: string;
  user_id: string;
  day: string;
}

export type PromoLimits = { id: string; usage_limit?: number | null; max_uses_per_user: number };

/** The use an order makes of a promo. */
export interface PromoUse {
  orderId: string;
  userId: string;
  subject: string;
  discountCents: number;
  usedAt: string;
  day: string;
  now: Date;
}

export const promoInRound = (round: ReadRound, db: Db, id: string) => round.get(promoEntity(db), { id });

export const dailyUseInRound = (round: ReadRound, db: Db, key: DailyUseKey) =>
  round.get(promoDailyUseEntity(db), key);

/** The uses counted under `key` (0 when none). */
export async function dailyUses(deps: DataDeps, key: DailyUseKey): Promise<number> {
  const { data } = await promoDailyUseEntity(deps.db).get(key).go();
  return data?.count ?? 0;
}

/** The use of the promo: its counter within its limit, the subject's day within hers, the use in the history. */
export function promoUseItems(db: Db, promo: PromoLimits, use: PromoUse): TransactionItem[] {
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
        .update({ promo_id: promo.id, user_id: use.subject, day: use.day })
        .add({ count: 1 })
        .set({ expires_at_ttl: Math.ceil(use.now.getTime() / 1000) + DAILY_USE_TTL_S })
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
          order_id: use.orderId,
          user_id: use.userId,
          discount_cents: use.discountCents,
          used_at: use.usedAt,
        })
        .commit(),
    },
  ];
}

/**
 * Gives back an order's use of a promo: what is still there is read now, the writes go in the order's
 * transaction. What was deleted since is skipped; the day's counter expires after 3 days.
 */
export async function promoReleaseCommits(
  deps: DataDeps,
  release: { promoId: string; orderId: string; usedAt: string; key: DailyUseKey },
): Promise<(db: Db) => Commit[]> {
  const { promoId, orderId, usedAt, key } = release;
  const [promo, dailyUse] = await Promise.all([
    promoEntity(deps.db).get({ id: promoId }).go(),
    promoDailyUseEntity(deps.db).get(key).go(),
  ]);
  return (db) => [
    ...(promo.data
      ? [
          promoEntity.transact(db).patch({ id: promoId }).subtract({ usage_count: 1 }).commit(),
          promoUsageEntity
            .transact(db)
            .delete({ promo_id: promoId, used_at: usedAt, order_id: orderId })
            .commit(),
        ]
      : []),
    ...(dailyUse.data && dailyUse.data.count > 0
      ? [promoDailyUseEntity.transact(db).patch(key).subtract({ count: 1 }).commit()]
      : []),
  ];
}

/** Deletes a day's count of uses (erasing the subject it counts under; deleting one gone is no error). */
export function dailyUseDelete(db: Db, key: DailyUseKey): TransactionItem {
  return { commit: promoDailyUseEntity.transact(db).delete(key).commit() };
}

type UsageKey = { promo_id: string; used_at: string; order_id: string };

/** The usage records of these orders' promos, those that exist. */
export async function promoUsagesOf(deps: DataDeps, keys: readonly UsageKey[]) {
  return batchGetAll((batch) => promoUsageEntity(deps.db).get(batch).go(), [...keys]);
}

/** Renames the user a usage record names, on the condition that it still names the one read. */
export function promoUsageRename(
  db: Db,
  usage: UsageKey & { user_id: string },
  renamed: string,
): TransactionItem {
  return {
    commit: promoUsageEntity
      .transact(db)
      .patch({ promo_id: usage.promo_id, used_at: usage.used_at, order_id: usage.order_id })
      .set({ user_id: renamed })
      .where(({ user_id }, { eq }) => eq(user_id, usage.user_id))
      .commit(),
    onFailed: "stale",
  };
}
