/**
 * Stock changes only by movements (order-lifecycle.md "Stock"): every change of a product's stock is written with
 * its movement record (product, delta, reason, order or admin, time, stock after it) in the same transaction.
 *
 * The stock after a movement (issue 28 item 17): a transaction cannot read what its own update leaves, so every
 * change is conditioned on the stock its writer read (`stockBefore`), and the movement carries `stockBefore +
 * delta`. When another change came first the condition fails ("stale"), the writer reads the stock again and
 * writes again: the figure is the stock the product held once the transaction was written, never an estimate.
 */
import type { EntityItem } from "electrodb";
import type { StockAdjustment, StockMovement } from "../../src/domain/catalog/stock";
import type { SaleWatch } from "../../src/domain/catalog/stock-alerts";
import { DomainError } from "../../src/domain/errors";
import { newId } from "../platform/adapters/ids";
import { retryOnStale, STALE } from "../platform/db/retry-on-stale";
import { type TransactionEntities, type TransactionItem, writeTransaction } from "../platform/db/transaction";
import type { DataDeps } from "../platform/deps";
import { markSiteStale } from "../site/publishing";
import { afterStockChange, type StockAlertDeps } from "./stock-alerts";
import type { StockMovementEntity } from "./stock-movement-entity";

export type StockMovementRecord = EntityItem<StockMovementEntity>;
export type StockReason = StockMovementRecord["reason"];

export interface StockMove {
  /** The movement's id when the writer fixes it (a manual adjustment); a new one otherwise. */
  id?: string;
  productId: number;
  delta: number;
  reason: StockReason;
  at: string;
  orderId?: string;
  adminId?: string;
  note?: string;
  stockAfter?: number;
}

/** A change of the stock made on the figure its writer read: the movement's "stock after" follows from it. */
export interface StockChange extends Omit<StockMove, "stockAfter"> {
  /** The product's stock as read by the writer; the write is conditioned on it still being so. */
  stockBefore: number;
}

/**
 * The movement record of a stock change, to write in the change's transaction. With an id of the writer's, the
 * movement already there means the change was already written ("replay"): a try whose answer was lost.
 */
export function movementItem(entities: TransactionEntities, move: StockMove): TransactionItem {
  return {
    ...(move.id && { onFailed: "replay" as const }),
    commit: entities.stockMovement
      .create({
        product_id: move.productId,
        id: move.id ?? newId(),
        at: move.at,
        delta: move.delta,
        reason: move.reason,
        order_id: move.orderId,
        admin_id: move.adminId,
        note: move.note,
        stock_after: move.stockAfter,
      })
      .commit(),
  };
}

/**
 * Units sold: taken on the condition that the stock is still the one read (`stockBefore`, enough for the sale:
 * the writer checked it) and the product still for sale, with the movement and the stock it leaves. `watch`
 * (decision record 026) adds the order's assumption about the low-stock threshold to the condition. A failure
 * means "stale": the writer reads the product again, and refuses the sale by name if too few units are left.
 */
export function saleItems(
  entities: TransactionEntities,
  move: Omit<StockChange, "delta" | "reason"> & { quantity: number; watch?: SaleWatch },
): TransactionItem[] {
  const { watch, stockBefore } = move;
  return [
    {
      commit: entities.product
        .patch({ id: move.productId })
        .subtract({ stock: move.quantity })
        .where(({ stock, is_active, low_stock_alerted_at }, { gte, gt, eq, exists }) => {
          const sellable = `${eq(stock, stockBefore)} AND ${gte(stock, move.quantity)} AND ${eq(is_active, true)}`;
          if (watch?.mode === "above") return `${sellable} AND ${gt(stock, watch.stockAbove)}`;
          if (watch?.mode === "alerted") return `${sellable} AND ${exists(low_stock_alerted_at)}`;
          return sellable;
        })
        .commit(),
      onFailed: "stale",
    },
    movementItem(entities, {
      ...move,
      delta: -move.quantity,
      reason: "sale",
      stockAfter: stockBefore - move.quantity,
    }),
  ];
}

/**
 * Units given back (a hold released, a cancellation, a return marked resaleable), with the movement and the stock
 * it leads to. Conditioned on the stock read a moment ago: if a sale came first, or the product has been deleted
 * since, the writer reads again and decides again ("stale").
 */
export function restockItems(entities: TransactionEntities, move: StockChange): TransactionItem[] {
  return [
    {
      commit: entities.product
        .patch({ id: move.productId })
        .add({ stock: move.delta })
        .where(({ stock }, { eq }) => eq(stock, move.stockBefore))
        .commit(),
      onFailed: "stale",
    },
    movementItem(entities, { ...move, stockAfter: move.stockBefore + move.delta }),
  ];
}

/**
 * The owner's "+24 reçus du séchoir", "-2 cassés": the stock moves by `delta` whatever was sold meanwhile (a delta
 * never overwrites a sale), never below 0, with the movement and the stock it leads to.
 */
export async function adjustStock(
  deps: StockAlertDeps,
  adminId: string,
  productId: number,
  adjustment: StockAdjustment,
): Promise<{ stock: number }> {
  // One movement, whatever the attempts: if an attempt was written but its answer lost (a timeout, then a
  // cancellation of the retry), the next attempt finds its movement and stops, instead of adjusting twice.
  const movement = { id: newId(), at: deps.clock().toISOString() };
  // Sales, cancellations and returns are conditioned on the stock they read too (see the top of this file): among
  // 30 parallel orders of the product, the adjustment may have to wait for each of them once.
  return retryOnStale(
    async () => {
      const { data: product } = await deps.db.entities.product.get({ id: productId }).go();
      if (!product) throw new DomainError("PRODUCT_NOT_FOUND");
      const stockAfter = product.stock + adjustment.delta;
      if (stockAfter < 0)
        throw new DomainError(
          "STOCK_NEGATIVE",
          `Le stock ne peut pas devenir négatif : ${product.stock} en stock, vous retirez ${-adjustment.delta}.`,
          { stock: product.stock },
        );
      const outcome = await writeTransaction(deps.db, (entities) => [
        {
          // Conditioned on the stock read, so the movement's "stock after" is exact; a sale meanwhile means read again.
          commit: entities.product
            .patch({ id: productId })
            .add({ stock: adjustment.delta })
            .where(({ stock }, { eq }) => eq(stock, product.stock))
            .commit(),
          onFailed: "stale",
        },
        movementItem(entities, {
          ...movement,
          productId,
          delta: adjustment.delta,
          reason: "adjustment",
          adminId,
          note: adjustment.note,
          stockAfter,
        }),
      ]);
      if (outcome === "written") {
        // Pages print whether a product is available (structured data): publish when it changes.
        if (product.stock > 0 !== stockAfter > 0)
          await markSiteStale(
            deps,
            `Produit « ${product.name} » ${stockAfter > 0 ? "de nouveau en stock" : "en rupture"}`,
          );
        await afterStockChange(deps, [{ product_id: productId, quantity: adjustment.delta }]);
        return { stock: stockAfter };
      }
      if (outcome === "replay") {
        const { data: written } = await deps.db.entities.stockMovement
          .get({ product_id: productId, ...movement })
          .go();
        return { stock: written?.stock_after ?? stockAfter };
      }
      return STALE;
    },
    (): never => {
      throw new DomainError(
        "CONFLICT",
        "Le stock change sans cesse en ce moment : réessayez dans un instant.",
      );
    },
  );
}

/** A product's movements, newest first. */
export async function listStockMovements(
  deps: DataDeps,
  productId: number,
  limit = 50,
): Promise<StockMovementRecord[]> {
  const { data } = await deps.db.entities.stockMovement.query
    .byProduct({ product_id: productId })
    .go({ order: "desc", limit });
  return data;
}

export function toStockMovement(record: StockMovementRecord): StockMovement {
  return {
    id: record.id,
    at: record.at,
    delta: record.delta,
    reason: record.reason,
    order_id: record.order_id ?? null,
    note: record.note ?? null,
    stock_after: record.stock_after ?? null,
  };
}
