/**
 * The admin dashboard's figures, kept up to date by every order write in the same transaction, conditioned on the
 * order's state the delta was computed from.
 */
import { once } from "../once";

export interface OrderFacts {
  status: string;
  payment_status: string;
  total_cents: number;
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

/** Revenue counts money kept: net of cancellations (a cancelled paid order's refund is due) and returns. */
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

export function parisMonth(date: Date): string {
  return parisMonthFormat().format(date).slice(0, 7);
}

export function averageOrderCents(revenueCents: number, paidOrders: number): number {
  return paidOrders > 0 ? Math.round(revenueCents / paidOrders) : 0;
}

/** Sharded so unrelated writes do not collide on one DynamoDB item; readers also sum the older unsharded item. */
export const STATS_SHARDS = 16;

/** The same order always lands on the same shard. */
export function statsShard(id: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < id.length; index++) {
    hash ^= id.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash % STATS_SHARDS;
}

export function shardScope(scope: string, id: string): string {
  return `${scope}#${String(statsShard(id)).padStart(2, "0")}`;
}

export function scopeItems(scope: string): string[] {
  return [
    scope,
    ...Array.from({ length: STATS_SHARDS }, (_, shard) => `${scope}#${String(shard).padStart(2, "0")}`),
  ];
}
