/**
 * What the order's transaction writes besides the order (stock, promo and unpaid-hold counters, the Idempotency-Key,
 * the dashboard's stats), and what follows once it is written (low-stock checks, sold-out products).
 */

import { type SaleWatch, saleWatch } from "../../catalog/stock-alerts";
import { type OrderFacts, orderStatsDelta, parisMonth, type StatsDelta } from "../order-stats";
import type { OrderInputs } from "./inputs";
import type { PlannedOrder, Sold } from "./record";

/** Counters to add on one scope of the dashboard's stats (on the order's own shard). */
export interface StatsChange {
  scope: string;
  delta: Partial<StatsDelta>;
}

/** What the order's transaction writes besides the order, and what follows once it is written. */
export interface OrderEffects {
  /** Each product's stock as read: its sale is conditioned on it, its movement says what is left. */
  stocks: ReadonlyMap<number, number>;
  /** The low-stock assumption each line's sale is written under (decision record 026). */
  watches: ReadonlyMap<number, SaleWatch>;
  /** The promo's uses to count, under its limits (its global limit, the customer's per day). */
  promo: { id: string; usage_limit: number | null; max_uses_per_user: number } | null;
  /** A guest's units to count under each of her subjects, within UNPAID_UNITS_PER_PRODUCT (unpaid-holds.ts). */
  unpaidHolds: { subject: string; productId: number; productName: string; quantity: number }[];
  /** The Idempotency-Key to store with the request's fingerprint: a second request with it replays this order. */
  idempotencyKey?: string;
  fingerprint?: string;
  now: Date;
  movedAt: string;
  stats: StatsChange[];
  /** After the write: the products whose low-stock threshold may have been reached (one conditional write each). */
  lowStockChecks: number[];
  /** After the write: the products whose last units this order sold (their pages say so after a publish). */
  soldOut: string[];
}

/** A new order's effect on the dashboard: one more order (pending), counted in its Paris month too. */
export function orderStatsChanges(record: OrderFacts, now: Date): StatsChange[] {
  return [
    { scope: "all", delta: orderStatsDelta(null, record) },
    { scope: `month-${parisMonth(now)}`, delta: { orders: 1 } },
  ];
}

/** The effects of the order `record` selling `sold`, with the promo it uses (null: none). */
export function orderEffects(
  inputs: OrderInputs,
  sold: Sold,
  record: PlannedOrder,
  promo: OrderInputs["promo"],
): OrderEffects {
  const { idempotency } = inputs;
  const watches = new Map(
    sold.map(
      ({ product, quantity }) => [product.id, saleWatch(product, quantity, inputs.firstAttempt)] as const,
    ),
  );
  return {
    stocks: new Map(sold.map(({ product }) => [product.id, product.stock])),
    watches,
    promo: promo && {
      id: promo.id,
      usage_limit: promo.usage_limit,
      max_uses_per_user: promo.max_uses_per_user,
    },
    unpaidHolds: (record.unpaid_hold_subjects ?? []).flatMap((subject) =>
      sold.map(({ product, quantity }) => ({
        subject,
        productId: product.id,
        productName: product.name,
        quantity,
      })),
    ),
    idempotencyKey: idempotency?.key,
    fingerprint: idempotency?.fingerprint,
    now: inputs.now,
    movedAt: inputs.movedAt,
    stats: orderStatsChanges(record, inputs.now),
    lowStockChecks: [...watches].flatMap(([id, watch]) => (watch.mode === "check" ? [id] : [])),
    soldOut: sold
      .filter(({ product, quantity }) => product.stock <= quantity)
      .map(({ product }) => product.name),
  };
}
