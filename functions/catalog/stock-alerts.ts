/**
 * The owner's low-stock alert (docs/decisions/026-stock-alerts-and-waitlist.md): one e-mail per crossing, whatever
 * the concurrency, decided by a conditional write on the product. Orders pay nothing for it unless they may have
 * crossed: their transaction carries the assumption they made from the stock they read (SaleWatch).
 */
import { unitsToNotify } from "../../src/domain/catalog/stock-alerts";
import type { StockMailRequest } from "../platform/adapters/account-mail-queue";
import { isConditionFailure } from "../platform/db/errors";
import type { DataDeps, Deps } from "../platform/deps";
import { productEntity } from "./product-entity";

export type StockAlertDeps = DataDeps & Partial<Pick<Deps, "accountMail">>;

function handOver(deps: StockAlertDeps, request: StockMailRequest): void {
  if (deps.accountMail) deps.accountMail.request(request);
  else console.error(`No mail queue here: ${request.kind} for product ${request.product_id} not sent.`);
}

/** Flag and stock are both read by DynamoDB at the moment of the write. */
export async function raiseLowStockAlert(deps: StockAlertDeps, productId: number): Promise<boolean> {
  const now = deps.clock().toISOString();
  try {
    await productEntity(deps.db)
      .patch({ id: productId })
      .set({ low_stock_alerted_at: now })
      .where(
        ({ low_stock_alerted_at, stock, low_stock_threshold }, { notExists, name }) =>
          `${notExists(low_stock_alerted_at)} AND ${name(stock)} <= ${name(low_stock_threshold)}`,
      )
      .go();
  } catch (error) {
    // Told already, restocked meanwhile, or deleted: no alert from this call.
    if (isConditionFailure(error)) return false;
    throw error;
  }
  handOver(deps, { kind: "low-stock", product_id: productId, requested_at: now });
  return true;
}

/** Only above the threshold: a restock that stays low keeps the flag. */
async function rearmLowStockAlert(deps: StockAlertDeps, productId: number): Promise<void> {
  try {
    await productEntity(deps.db)
      .patch({ id: productId })
      .remove(["low_stock_alerted_at"])
      .where(
        ({ low_stock_alerted_at, stock, low_stock_threshold }, { exists, name }) =>
          `${exists(low_stock_alerted_at)} AND ${name(stock)} > ${name(low_stock_threshold)}`,
      )
      .go();
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}

/** The order is placed whatever happens here: a failed alert write is logged, never the buyer's error. */
export async function checkLowStock(deps: StockAlertDeps, productIds: readonly number[]): Promise<void> {
  await Promise.all(
    productIds.map((id) =>
      raiseLowStockAlert(deps, id).catch((error: unknown) =>
        console.error(`Low-stock alert not decided for product ${id}:`, error),
      ),
    ),
  );
}

/** Never throws: the change is made; a failure here is logged. */
export async function afterStockChange(
  deps: StockAlertDeps,
  changes: readonly { product_id: number; quantity: number }[],
): Promise<void> {
  const increases = new Map<number, number>();
  for (const change of changes)
    increases.set(change.product_id, (increases.get(change.product_id) ?? 0) + change.quantity);
  await Promise.all(
    [...increases].map(async ([productId, increase]) => {
      try {
        const { data: product } = await productEntity(deps.db)
          .get({ id: productId })
          .go({ consistent: true });
        if (!product) return;
        if (product.stock > product.low_stock_threshold) {
          if (product.low_stock_alerted_at) await rearmLowStockAlert(deps, productId);
        } else if (!product.low_stock_alerted_at) {
          await raiseLowStockAlert(deps, productId);
        }
        const units = unitsToNotify(increase, product.stock);
        if (units > 0 && product.is_active)
          handOver(deps, {
            kind: "waitlist-restock",
            product_id: productId,
            units,
            requested_at: deps.clock().toISOString(),
          });
      } catch (error) {
        console.error(`Stock alert / waitlist not handled for product ${productId}:`, error);
      }
    }),
  );
}
