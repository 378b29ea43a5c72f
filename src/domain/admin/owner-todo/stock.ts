/**
 * The to-do list's stock items: products at or below their low-stock threshold, and batches near or past
 * their expiry date (a Europe/Paris day).
 */

import { calendarDaysBetween, parisDay } from "../../paris-time";
import type { TodoBatch, TodoProduct } from "./facts";

/** Batches expiring within this many days (or already expired) while units remain. */
export const BATCH_EXPIRY_WARNING_DAYS = 60;

export interface LowStockProduct {
  product_id: number;
  name: string;
  stock: number;
  threshold: number;
}

export interface ExpiringBatch {
  product_id: number;
  product_name: string;
  lot: string;
  expires_on: string;
  remaining: number;
  /** Paris calendar days from today to the expiry date (negative: expired). */
  days_left: number;
}

/** Products on sale whose stock is at or below their low-stock threshold (spec: the red band), fewest first. */
export function lowStockProducts(products: readonly TodoProduct[]): LowStockProduct[] {
  return products
    .filter((product) => product.is_active && product.stock <= product.low_stock_threshold)
    .map((product) => ({
      product_id: product.id,
      name: product.name,
      stock: product.stock,
      threshold: product.low_stock_threshold,
    }))
    .sort((a, b) => a.stock - b.stock || a.product_id - b.product_id);
}

/**
 * Batches with units left whose expiry date is at most 60 days away (day 60 included) or already past: sell them
 * first, or take them off sale. A batch known only by its PAO (months after opening) has no date to watch.
 */
export function expiringBatches(
  batches: readonly TodoBatch[],
  productNames: ReadonlyMap<number, string>,
  now: Date,
): ExpiringBatch[] {
  const today = parisDay(now);
  return batches
    .filter((batch) => batch.remaining > 0 && batch.expires_on)
    .map((batch) => ({
      product_id: batch.product_id,
      product_name: productNames.get(batch.product_id) ?? `Produit ${batch.product_id}`,
      lot: batch.lot,
      expires_on: batch.expires_on as string,
      remaining: batch.remaining,
      days_left: calendarDaysBetween(today, batch.expires_on as string),
    }))
    .filter((batch) => batch.days_left <= BATCH_EXPIRY_WARNING_DAYS)
    .sort((a, b) => a.expires_on.localeCompare(b.expires_on) || a.lot.localeCompare(b.lot));
}
