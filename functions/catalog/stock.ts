/**
 * Every change of a product's stock is written with its movement in the same transaction. A transaction cannot read
 * what its own update leaves, so each change is conditioned on the stock its writer read, and the movement carries
 * `stockBefore + delta`: when another change came first, the writer reads again ("stale"). Never an estimate.
 */

import type { EntityItem } from "electrodb";
import type { StockAdjustment, StockMovement } from "../../src/domain/catalog/stock";
import type { SaleWatch } from "../../src/domain/catalog/stock-alerts";
import { DomainError } from "../../src/domain/errors";
import { newId } from "../platform/adapters/ids";
import { retryOnStale, STALE } from "../platform/db/retry-on-stale";
import type { Db } from "../platform/db/service";
import { type TransactionItem, writeTransaction } from "../platform/db/transaction";
import type { DataDeps, Deps } from "../platform/deps";
import { markSiteStale } from "../publishing/publishing";
import { productEntity } from "./product-entity";
import { afterStockChange, type StockAlertDeps } from "./stock-alerts";
import type { StockMovementEntity } from "./stock-movement-entity";
import { stockMovementEntity } from "./stock-movement-entity";

export type StockMovementRecord = EntityItem<StockMovementEntity>;
export type StockReason = StockMovementRecord["reason"];

export interface StockMove {
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

export interface StockChange extends Omit<StockMove, "stockAfter"> {
  stockBefore: number;
}

/** With an id of the writer's, the movement already there means a try whose answer was lost ("replay"). */
export function movementItem(db: Db, move: StockMove): TransactionItem {
  return {
    ...(move.id && { onFailed: "replay" as const }),
    commit: stockMovementEntity
      .transact(db)
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

/** A failure means "stale": the writer reads again, and refuses the sale by name if too few units are left. */
export function saleItems(
  db: Db,
  move: Omit<StockChange, "delta" | "reason"> & { quantity: number; watch?: SaleWatch },
): TransactionItem[] {
  const { watch, stockBefore } = move;
  return [
    {
      commit: productEntity
        .transact(db)
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
    movementItem(db, {
      ...move,
      delta: -move.quantity,
      reason: "sale",
      stockAfter: stockBefore - move.quantity,
    }),
  ];
}

/** Conditioned on the stock read a moment ago: a sale first, or a deletion, means read again ("stale"). */
export function restockItems(db: Db, move: StockChange): TransactionItem[] {
  return [
    {
      commit: productEntity
        .transact(db)
        .patch({ id: move.productId })
        .add({ stock: move.delta })
        .where(({ stock }, { eq }) => eq(stock, move.stockBefore))
        .commit(),
      onFailed: "stale",
    },
    movementItem(db, { ...move, stockAfter: move.stockBefore + move.delta }),
  ];
}

/** A delta never overwrites a sale, never goes below 0. */
export async function adjustStock(
  deps: StockAlertDeps,
  adminId: string,
  productId: number,
  adjustment: StockAdjustment,
): Promise<{ stock: number }> {
  // One movement, whatever the attempts: an attempt written but whose answer was lost is found, not adjusted twice.
  const movement = { id: newId(), at: deps.clock().toISOString() };
  // Among 30 parallel orders of the product, the adjustment may have to wait for each of them once.
  return retryOnStale(
    async () => {
      const { data: product } = await productEntity(deps.db).get({ id: productId }).go();
      if (!product) throw new DomainError("PRODUCT_NOT_FOUND");
      const stockAfter = product.stock + adjustment.delta;
      if (stockAfter < 0)
        throw new DomainError(
          "STOCK_NEGATIVE",
          `Le stock ne peut pas devenir négatif : ${product.stock} en stock, vous retirez ${-adjustment.delta}.`,
          { stock: product.stock },
        );
      const outcome = await writeTransaction(deps.db, () => [
        {
          commit: productEntity
            .transact(deps.db)
            .patch({ id: productId })
            .add({ stock: adjustment.delta })
            .where(({ stock }, { eq }) => eq(stock, product.stock))
            .commit(),
          onFailed: "stale",
        },
        movementItem(deps.db, {
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
        const { data: written } = await stockMovementEntity(deps.db)
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

export async function listStockMovements(
  deps: DataDeps,
  productId: number,
  limit = 50,
): Promise<StockMovementRecord[]> {
  const { data } = await stockMovementEntity(deps.db)
    .query.byProduct({ product_id: productId })
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

/** A product whose stock is now at most what came back was sold out: its structured data changes. */
export async function markRestocked(
  deps: DataDeps & Partial<Pick<Deps, "publisher">>,
  lines: readonly { product_id: number; quantity: number }[],
): Promise<void> {
  if (!lines.length) return;
  const { data } = await productEntity(deps.db)
    .get(lines.map((line) => ({ id: line.product_id })))
    .go();
  const back = data.filter((product) => {
    const returned = lines
      .filter((line) => line.product_id === product.id)
      .reduce((n, line) => n + line.quantity, 0);
    return product.stock > 0 && product.stock <= returned;
  });
  if (back.length)
    await markSiteStale(deps, `De nouveau en stock : ${back.map((product) => product.name).join(", ")}`);
}
