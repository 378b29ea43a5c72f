/**
 * What sales and the stock's way back do to the lots (decision record 018), kept apart from the owner's batch routes
 * so the order and payment functions bundle only this: reading a product's lots, the units taken in the order's transaction and given back to their lots.
 */
import type { EntityItem } from "electrodb";
import type { LotTaken } from "../../src/domain/batches/batches";
import type { TransactionEntities, TransactionItem } from "../platform/db/transaction";
import type { DataDeps } from "../platform/deps";
import type { BatchEntity } from "./entity";

export type BatchRecord = EntityItem<BatchEntity>;

/** A product's batches, read strongly (the allocation decides from them). */
export async function listBatches(deps: DataDeps, productId: number): Promise<BatchRecord[]> {
  const { data } = await deps.db.entities.batch.query
    .byProduct({ product_id: productId })
    .go({ pages: "all", consistent: true });
  return data;
}

/** The batches of each product, read strongly (placing an order takes the first-expiring lots from them). */
export async function readBatches(
  deps: DataDeps,
  productIds: readonly number[],
): Promise<Map<number, BatchRecord[]>> {
  return new Map(await Promise.all(productIds.map(async (id) => [id, await listBatches(deps, id)] as const)));
}

/** A line's units taken from its lots (on the condition that they are left) and the lots' records of the order. */
export function lotSaleItems(
  entities: TransactionEntities,
  sale: { productId: number; lots: readonly LotTaken[]; orderId: string; at: string },
): TransactionItem[] {
  return sale.lots.flatMap(({ lot, quantity }) => [
    {
      commit: entities.batch
        .patch({ product_id: sale.productId, lot })
        .subtract({ remaining: quantity })
        .where(({ remaining }, { gte }) => gte(remaining, quantity))
        .commit(),
      onFailed: "stale" as const,
    },
    {
      commit: entities.batchSale
        .create({ product_id: sale.productId, lot, order_id: sale.orderId, quantity, at: sale.at })
        .commit(),
      onFailed: "stale" as const,
    },
  ]);
}

/**
 * Units given back to the lots they came from (a cancellation, a released hold, a return put back on sale). Batches
 * are never deleted, so the lot is there; ElectroDB's patch checks it exists all the same.
 */
export function lotGiveBackCommits(
  entities: TransactionEntities,
  productId: number,
  lots: readonly LotTaken[],
): TransactionItem["commit"][] {
  return lots
    .filter((entry) => entry.quantity > 0)
    .map(({ lot, quantity }) =>
      entities.batch.patch({ product_id: productId, lot }).add({ remaining: quantity }).commit(),
    );
}
