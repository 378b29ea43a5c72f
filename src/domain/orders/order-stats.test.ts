import { describe, expect, it } from "vitest";
import {
  averageOrderCents,
  isZeroDelta,
  orderStatsDelta,
  parisMonth,
  STATS_SHARDS,
  scopeItems,
  shardScope,
  statsShard,
} from "./order-stats";

const pending = { status: "pending", payment_status: "pending", total_cents: 2070 };
const paid = { status: "confirmed", payment_status: "completed", total_cents: 2070 };
const zero = { orders: 0, pending_orders: 0, delivered_orders: 0, paid_orders: 0, revenue_cents: 0 };

describe("orderStatsDelta", () => {
  it.each([
    ["a new bank-transfer order", null, pending, { ...zero, orders: 1, pending_orders: 1 }],
    ["a PayPal capture", pending, paid, { ...zero, pending_orders: -1, paid_orders: 1, revenue_cents: 2070 }],
    ["delivery", paid, { ...paid, status: "delivered" }, { ...zero, delivered_orders: 1 }],
    [
      "an unpaid order cancelled",
      pending,
      { ...pending, status: "cancelled", payment_status: "failed" },
      { ...zero, pending_orders: -1 },
    ],
    [
      "a refund",
      paid,
      { ...paid, payment_status: "refunded" },
      { ...zero, paid_orders: -1, revenue_cents: -2070 },
    ],
    [
      "a paid order cancelled (its refund due): revenue is net of it",
      paid,
      { ...paid, status: "cancelled" },
      { ...zero, paid_orders: -1, revenue_cents: -2070 },
    ],
    [
      "the refund of a cancelled order changes nothing more",
      { ...paid, status: "cancelled" },
      { ...paid, status: "cancelled", payment_status: "refunded" },
      zero,
    ],
    ["a shipping-notes edit", paid, paid, zero],
  ] as const)("%s", (_, before, after, delta) => {
    expect(orderStatsDelta(before, after)).toEqual(delta);
  });

  it("sums back to the final state over any sequence of changes", () => {
    const states = [null, pending, paid, { ...paid, status: "shipped" }, { ...paid, status: "delivered" }];
    const total = { ...zero };
    for (let i = 1; i < states.length; i++) {
      const delta = orderStatsDelta(states[i - 1] ?? null, states[i] ?? null);
      for (const key of Object.keys(total) as (keyof typeof total)[]) total[key] += delta[key];
    }
    expect(total).toEqual(orderStatsDelta(null, states.at(-1) ?? null));
    expect(isZeroDelta(orderStatsDelta(paid, paid))).toBe(true);
  });
});

describe("parisMonth and averages", () => {
  it.each([
    ["2026-11-30T22:59:59Z", "2026-11"],
    ["2026-11-30T23:00:00Z", "2026-12"],
  ])("%s is in %s in Paris", (iso, month) => {
    expect(parisMonth(new Date(iso))).toBe(month);
  });
  it("averages paid orders", () => {
    expect(averageOrderCents(10_000, 3)).toBe(3333);
    expect(averageOrderCents(0, 0)).toBe(0);
  });
});

describe("revenue net of returns", () => {
  it("keeps what a partial refund left, and nothing of a full one", () => {
    const shipped = { status: "shipped", payment_status: "completed", total_cents: 4533 };
    const partly = { ...shipped, payment_status: "partially_refunded", refunded_cents: 891 };
    expect(orderStatsDelta(shipped, partly)).toMatchObject({ paid_orders: 0, revenue_cents: -891 });
    const all = { ...partly, payment_status: "refunded", refunded_cents: 4533 };
    expect(orderStatsDelta(partly, all)).toMatchObject({ paid_orders: -1, revenue_cents: -3642 });
  });
});

describe("counter shards", () => {
  it("sends the same id to the same shard, and spreads many ids over every shard", () => {
    expect(statsShard("01JABCDEF")).toBe(statsShard("01JABCDEF"));
    const counts = new Array(STATS_SHARDS).fill(0);
    for (let index = 0; index < 1600; index++)
      counts[statsShard(`01K${index.toString(36).padStart(10, "0")}`)]++;
    expect(Math.min(...counts)).toBeGreaterThan(50);
    expect(Math.max(...counts)).toBeLessThan(150);
  });

  it("names shard items under their scope, and a reader sums the legacy item and every shard", () => {
    expect(shardScope("all", "x")).toMatch(/^all#\d\d$/);
    const items = scopeItems("month-2026-11");
    expect(items).toHaveLength(STATS_SHARDS + 1);
    expect(items[0]).toBe("month-2026-11");
    expect(items).toContain(shardScope("month-2026-11", "some-order"));
  });
});
