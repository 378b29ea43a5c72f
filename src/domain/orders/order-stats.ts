/**
 * The admin dashboard's figures (api.md "Admin"): kept up to date on every order write instead of being
 * counted on each page view. Every write that changes an order adds `orderStatsDelta(before, after)` to the
 * counters in the same transaction, conditioned on the order's state it was computed from.
 */
import { once } from "../once";

export interface OrderFacts {
  status: string;
  payment_status: string;
  total_cents: number;
  /** What returns have refunded so far (a partially refunded order keeps the rest). */
  refunded_cents?: number | null;
}

export interface StatsDelta {
  orders: number;
  pending_orders: number;
  delivered_orders: number;
  paid_orders: number;
  revenue_cents: number;
}

const indicator = (condition: boolean | undefined) => (condition ? 1 : 0);

/**
 * How the counters change when an order goes from `before` (null: new) to `after` (null: deleted). Revenue and the
 * paid orders behind the average count money kept: paid, not refunded in full nor cancelled (a cancelled paid order's
 * refund is due), less what returns refunded, so revenue is net of cancellations and refunds.
 */
export function orderStatsDelta(before: OrderFacts | null, after: OrderFacts | null): StatsDelta {
  const paid = (order: OrderFacts | null) =>
    indicator(
      (order?.payment_status === "completed" || order?.payment_status === "partially_refunded") &&
        order.status !== "cancelled",
    );
  const kept = (order: OrderFacts | null) =>
    paid(order) * ((order?.total_cents ?? 0) - (order?.refunded_cents ?? 0));
  return {
    orders: indicator(after !== null) - indicator(before !== null),
    pending_orders: indicator(after?.status === "pending") - indicator(before?.status === "pending"),
    delivered_orders: indicator(after?.status === "delivered") - indicator(before?.status === "delivered"),
    paid_orders: paid(after) - paid(before),
    revenue_cents: kept(after) - kept(before),
  };
}

export function isZeroDelta(delta: StatsDelta): boolean {
  return Object.values(delta).every((value) => value === 0);
}

// Made once: building an Intl.DateTimeFormat costs ~0.3 ms, more than an order's own arithmetic.
const parisMonthFormat = once(
  () =>
    new Intl.DateTimeFormat("en-CA", {
      timeZone: "Europe/Paris",
      year: "numeric",
      month: "2-digit",
    }),
);

/** The Paris calendar month of a date ("2026-11"), the unit of ordersThisMonth. */
export function parisMonth(date: Date): string {
  return parisMonthFormat().format(date).slice(0, 7);
}

/** Average order value over paid orders, in cents (0 when none). */
export function averageOrderCents(revenueCents: number, paidOrders: number): number {
  return paidOrders > 0 ? Math.round(revenueCents / paidOrders) : 0;
}

/**
 * The counters are split over STATS_SHARDS items per scope, so that unrelated writes (orders for different products,
 * sign-ups) do not all meet on one DynamoDB item and collide (order-lifecycle.md "Transactions"). A write adds to the
 * shard of the order or user it is about; a reader sums the shards (and the unsharded item kept by earlier versions).
 */
export const STATS_SHARDS = 16;

/** FNV-1a of the id, modulo the shard count: the same order always lands on the same shard. */
export function statsShard(id: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < id.length; index++) {
    hash ^= id.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash % STATS_SHARDS;
}

/** The counters item an order's or a user's change is added to ("all#07", "month-2026-11#12"). */
export function shardScope(scope: string, id: string): string {
  return `${scope}#${String(statsShard(id)).padStart(2, "0")}`;
}

/** Every item a reader sums for `scope`: the unsharded one of earlier versions, then each shard. */
export function scopeItems(scope: string): string[] {
  return [
    scope,
    ...Array.from({ length: STATS_SHARDS }, (_, shard) => `${scope}#${String(shard).padStart(2, "0")}`),
  ];
}
