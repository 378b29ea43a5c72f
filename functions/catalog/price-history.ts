/** A product's price history: each change's line, and the history as the reference price reads it. */
import type { Cents } from "../../src/domain/money";
import type { PriceChange, PriceChangeReason } from "../../src/domain/reductions/reference-price";
import type { HistoryLine } from "../../src/domain/reductions/schedule";
import { newId } from "../platform/adapters/ids";
import type { Db } from "../platform/db/service";
import type { TransactionItem } from "../platform/db/transaction";
import type { DataDeps } from "../platform/deps";
import { priceChangeEntity } from "./price-change-entity";

export function priceChangeItem(
  db: Db,
  change: {
    productId: number;
    price: Cents;
    at: string;
    reason: PriceChangeReason;
    adminId?: string;
    id?: string;
  },
): TransactionItem {
  return {
    commit: priceChangeEntity
      .transact(db)
      .create({
        product_id: change.productId,
        id: change.id ?? newId(),
        at: change.at,
        price_cents: change.price,
        reason: change.reason,
        admin_id: change.adminId,
      })
      .commit(),
  };
}

/** Oldest first. */
export async function priceHistory(deps: DataDeps, productId: number): Promise<PriceChange[]> {
  const { data } = await priceChangeEntity(deps.db)
    .query.byProduct({ product_id: productId })
    .go({ pages: "all" });
  return data.map((line) => ({ price: line.price_cents, from: line.at, reason: line.reason }));
}

/** Each line with its id, oldest first; strongly consistent when a write is decided on it. */
export async function priceHistoryLines(
  deps: DataDeps,
  productId: number,
  options: { consistent?: boolean } = {},
): Promise<HistoryLine[]> {
  const { data } = await priceChangeEntity(deps.db)
    .query.byProduct({ product_id: productId })
    .go({ pages: "all", consistent: options.consistent ?? false });
  return data.map((line) => ({ id: line.id, price: line.price_cents, from: line.at, reason: line.reason }));
}

/** A line's removal in a transaction: a cancelled reduction's, or a stopped one's end moved to now. */
export function priceChangeRemoval(db: Db, productId: number, line: HistoryLine): TransactionItem {
  return {
    commit: priceChangeEntity
      .transact(db)
      .delete({ product_id: productId, at: line.from, id: line.id })
      .commit(),
  };
}
