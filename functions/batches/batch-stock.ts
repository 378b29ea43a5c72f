/** Apart from the owner's batch routes, so the order and payment functions bundle only this. */

import type { EntityItem } from "electrodb";
import type { LotTaken } from "../../src/domain/batches/batches";
import type { Db } from "../platform/db/service";
import type { TransactionItem } from "../platform/db/transaction";
import type { DataDeps } from "../platform/deps";
import type { BatchEntity } from "./entity";
import { batchEntity, batchSaleEntity } from "./entity";

export type BatchRecord = EntityItem<BatchEntity>;

/** Read strongly: the allocation decides from them. */
export async function listBatches(deps: DataDeps, productId: number): Promise<BatchRecord[]> {
  const { data } = await batchEntity(deps.db)
    .query.byProduct({ product_id: productId })
    .go({ pages: "all", consistent: true });
  return data;
}

/** A product's lots, only the fields asked for (eventually consistent: for lists, not for writes). */
export async function productBatches<const F extends keyof BatchRecord>(
  deps: DataDeps,
  productId: number,
  fields: readonly F[],
): Promise<Pick<BatchRecord, F>[]> {
  const { data } = await batchEntity(deps.db)
    .query.byProduct({ product_id: productId })
    .go({ pages: "all", attributes: [...fields] });
  return data as Pick<BatchRecord, F>[];
}

export async function readBatches(
  deps: DataDeps,
  productIds: readonly number[],
): Promise<Map<number, BatchRecord[]>> {
  return new Map(await Promise.all(productIds.map(async (id) => [id, await listBatches(deps, id)] as const)));
}

export function lotSaleItems(
  db: Db,
  sale: { productId: number; lots: readonly LotTaken[]; orderId: string; at: string },
): TransactionItem[] {
  return sale.lots.flatMap(({ lot, quantity }) => [
    {
      commit: batchEntity
        .transact(db)
        .patch({ product_id: sale.productId, lot })
        .subtract({ remaining: quantity })
        .where(({ remaining }, { gte }) => gte(remaining, quantity))
        .commit(),
      onFailed: "stale" as const,
    },
    {
      commit: batchSaleEntity
        .transact(db)
        .create({ product_id: sale.productId, lot, order_id: sale.orderId, quantity, at: sale.at })
        .commit(),
      onFailed: "stale" as const,
    },
  ]);
}

/** Batches are never deleted, so the lot is there; ElectroDB's patch checks it exists all the same. */
export function lotGiveBackCommits(
  db: Db,
  productId: number,
  lots: readonly LotTaken[],
): TransactionItem["commit"][] {
  return lots
    .filter((entry) => entry.quantity > 0)
    .map(({ lot, quantity }) =>
      batchEntity.transact(db).patch({ product_id: productId, lot }).add({ remaining: quantity }).commit(),
    );
}
