/** What erasing a customer deletes of orders' traces, offered to personal-data: the reads, and the delete items. */
import type { Db } from "../platform/db/service";
import type { TransactionItem } from "../platform/db/transaction";
import type { DataDeps } from "../platform/deps";
import { idempotencyKeyEntity } from "./entity";
import { guestAttachTokenEntity } from "./guest/account/attach-token-entity";
import { unpaidHoldEntity } from "./unpaid-hold-entity";

/** The account's links to attach guest orders, each as the item that deletes it. */
export async function attachLinkDeletes(deps: DataDeps, userId: string): Promise<(() => TransactionItem)[]> {
  const { data } = await guestAttachTokenEntity(deps.db)
    .query.byUser({ user_id: userId })
    .go({ pages: "all" });
  return data.map(({ token_hash }) => () => ({
    commit: guestAttachTokenEntity.transact(deps.db).delete({ token_hash }).commit(),
  }));
}

/** The Idempotency-Keys kept under `scope` for the orders `orderIds`, each as the item that deletes it. */
export async function idempotencyKeyDeletes(
  deps: DataDeps,
  scope: string,
  orderIds: ReadonlySet<string>,
): Promise<(() => TransactionItem)[]> {
  const { data } = await idempotencyKeyEntity(deps.db).query.byUser({ user_id: scope }).go({ pages: "all" });
  return data
    .filter((key) => orderIds.has(key.order_id))
    .map(({ user_id, key }) => () => ({
      commit: idempotencyKeyEntity.transact(deps.db).delete({ user_id, key }).commit(),
    }));
}

/** Deletes the counter of what an unpaid order held for a subject (deleting one gone is no error). */
export function unpaidHoldDelete(db: Db, hold: { subject: string; product_id: number }): TransactionItem {
  return { commit: unpaidHoldEntity.transact(db).delete(hold).commit() };
}
