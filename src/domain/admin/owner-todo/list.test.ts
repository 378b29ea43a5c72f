import { describe, expect, it } from "vitest";
import { calendarDaysBetween } from "../../paris-time";
import { order, paid } from "./fixtures";
import { ownerTodo, publishingFailure } from "./list";

describe("publishingFailure", () => {
  it("is an item only when the last publish failed", () => {
    expect(publishingFailure({ state: "failed", error: "Build cassé" })).toEqual({ error: "Build cassé" });
    for (const state of ["up_to_date", "pending", "publishing"] as const)
      expect(publishingFailure({ state, error: null })).toBeNull();
  });
});

describe("ownerTodo", () => {
  it("counts every list; an empty shop has nothing to do", () => {
    const now = new Date("2026-11-05T10:00:00.000Z");
    const empty = ownerTodo(
      {
        orders: [],
        withdrawals: [],
        products: [],
        batches: [],
        publishing: { state: "up_to_date", error: null },
      },
      now,
    );
    expect(empty.count).toBe(0);
    const busy = ownerTodo(
      {
        orders: [paid("A-00000001", "2026-11-05T09:00:00.000Z"), order({ id: "B-00000002" })],
        withdrawals: [],
        products: [{ id: 1, name: "Savon", stock: 1, low_stock_threshold: 3, is_active: true }],
        batches: [{ product_id: 1, lot: "L1", expires_on: "2026-11-30", remaining: 1 }],
        publishing: { state: "failed", error: "x" },
      },
      now,
    );
    expect(busy.count).toBe(5);
    expect(busy.expiring_batches[0]?.product_name).toBe("Savon");
  });

  it("calendarDaysBetween counts calendar days", () => {
    expect(calendarDaysBetween("2026-12-31", "2027-01-01")).toBe(1);
    expect(calendarDaysBetween("2026-03-28", "2026-03-30")).toBe(2);
    expect(calendarDaysBetween("2026-11-02", "2026-11-01")).toBe(-1);
  });
});
