import { type StatsDelta, scopeItems, shardScope } from "../../../src/domain/orders/order-stats";
import type { DataDeps } from "../deps";
import { statsEntity } from "./entities/stats";
import type { Db } from "./service";
import type { TransactionItem } from "./transaction";

type Counters = Partial<StatsDelta & { users: number }>;

/** Adds `delta` to the counters of `scope`, on the shard of the order or user `id` is (see statsShard). */
export function addToStats(db: Db, scope: string, id: string, delta: Counters): TransactionItem {
  return {
    commit: statsEntity
      .transact(db)
      .update({ scope: shardScope(scope, id) })
      .add(delta)
      .commit(),
  };
}

/** The counters of `scope`, summed over its shards. */
export async function readStats(deps: DataDeps, scope: string): Promise<Required<Counters>> {
  const { data } = await statsEntity(deps.db)
    .get(scopeItems(scope).map((name) => ({ scope: name })))
    .go();
  const sum = (key: keyof Counters) => data.reduce((total, item) => total + (item[key] ?? 0), 0);
  return {
    users: sum("users"),
    orders: sum("orders"),
    pending_orders: sum("pending_orders"),
    delivered_orders: sum("delivered_orders"),
    paid_orders: sum("paid_orders"),
    revenue_cents: sum("revenue_cents"),
  };
}
