/**
 * The owner's low-stock alert (issue 19; docs/decisions/026-stock-alerts-and-waitlist.md): one French e-mail when a
 * product's stock falls to its low-stock threshold, again only after a restock brought it above the threshold.
 *
 * One alert per crossing, whatever the concurrency: the alert is decided by a conditional write on the product
 * (`low_stock_alerted_at` set only if absent and only while stock <= threshold), and the flag is removed only while
 * stock > threshold. Orders pay nothing for it unless they may have crossed: their transaction carries the assumption
 * they made from the stock they read (SaleWatch, src/domain/catalog/stock-alerts.ts), so an order whose assumption held knows
 * it crossed nothing, and one whose assumption failed tries again judging afresh.
 *
 * The e-mails go through the account mail queue (after the answer: SQS on AWS, in-process locally); stock
 * increases also hand the waitlist's back-in-stock mails over (services/waitlist.ts).
 */
import { unitsToNotify } from "../../src/domain/catalog/stock-alerts";
import type { StockMailRequest } from "../platform/adapters/account-mail-queue";
import { isConditionFailure } from "../platform/db/errors";
import type { DataDeps, Deps } from "../platform/deps";

/** What the alerts need: the data, and the mail queue when there is one (scripts have none: nothing is mailed). */
export type StockAlertDeps = DataDeps & Partial<Pick<Deps, "accountMail">>;

function handOver(deps: StockAlertDeps, request: StockMailRequest): void {
  if (deps.accountMail) deps.accountMail.request(request);
  else console.error(`No mail queue here: ${request.kind} for product ${request.product_id} not sent.`);
}

/**
 * The alert's decision: sets the flag if it is absent and the stock is at or below the threshold, both read by
 * DynamoDB at the moment of the write. True when this call made the crossing's alert (and handed its mail over).
 */
export async function raiseLowStockAlert(deps: StockAlertDeps, productId: number): Promise<boolean> {
  const now = deps.clock().toISOString();
  try {
    await deps.db.entities.product
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

/** Re-arms the alert once the stock is above the threshold again (only then: a restock that stays low keeps it). */
async function rearmLowStockAlert(deps: StockAlertDeps, productId: number): Promise<void> {
  try {
    await deps.db.entities.product
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

/**
 * After an order is written: the products whose sale may have brought them to their low-stock threshold (SaleWatch
 * "check", planOrder's effects) get their conditional write; the others cost nothing. The order is placed whatever
 * happens here: a failed alert write is logged, never the buyer's error.
 */
export async function checkLowStock(deps: StockAlertDeps, productIds: readonly number[]): Promise<void> {
  await Promise.all(
    productIds.map((id) =>
      raiseLowStockAlert(deps, id).catch((error: unknown) =>
        console.error(`Low-stock alert not decided for product ${id}:`, error),
      ),
    ),
  );
}

/**
 * After any stock change outside order placement (a hold released, a cancellation, a return put back on sale, the
 * owner's adjustment or product form): re-arms or raises the alert from the stock as it is now, and hands the
 * waitlist's mails over when units came back. `changes` are signed quantities per product (several lines of one
 * product add up). Never throws: the change is made; a failure here is logged.
 */
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
        const { data: product } = await deps.db.entities.product
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
