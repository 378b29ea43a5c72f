import { describe, expect, it } from "vitest";
import { calendarDaysBetween } from "../promos/promo";
import {
  expiringBatches,
  isDailySummaryTime,
  lowStockProducts,
  ordersToShip,
  ownerTodo,
  preparationState,
  publishingFailure,
  refundsDue,
  stuckParcels,
  type TodoOrder,
  type TodoWithdrawal,
  transfersAwaited,
} from "./owner-todo";

const HOUR = 3_600_000;

function order(overrides: Partial<TodoOrder> & { id: string }): TodoOrder {
  return {
    created_at: "2026-11-02T09:00:00.000Z",
    status: "pending",
    payment_method: "bank_transfer",
    payment_status: "pending",
    customer_name: "Hélène Dupré",
    customer_email: "helene@example.fr",
    total_cents: 1780,
    status_history: [{ status: "pending", at: "2026-11-02T09:00:00.000Z" }],
    ...overrides,
  };
}

const paid = (id: string, paidAt: string, extra: Partial<TodoOrder> = {}) =>
  order({
    id,
    status: "confirmed",
    payment_status: "completed",
    status_history: [
      { status: "pending", at: "2026-11-01T08:00:00.000Z" },
      { status: "confirmed", at: paidAt },
    ],
    ...extra,
  });

describe("preparationState (spec 9: préparation 24-48 h)", () => {
  const paidAt = new Date("2026-11-02T10:00:00.000Z");
  it.each([
    [0, "on_time"],
    [24 * HOUR - 1, "on_time"],
    [24 * HOUR, "on_time"],
    [24 * HOUR + 1, "due"],
    [48 * HOUR, "due"],
    [48 * HOUR + 1, "late"],
    [100 * HOUR, "late"],
  ] as const)("%i ms after the payment: %s", (elapsed, state) => {
    expect(preparationState(paidAt, new Date(paidAt.getTime() + elapsed))).toBe(state);
  });
});

describe("ordersToShip", () => {
  it("lists paid, unshipped orders, oldest payment first, with the hours waited", () => {
    const now = new Date("2026-11-05T10:00:00.000Z");
    const list = ordersToShip(
      [
        paid("ORDER-NEWER-0000B", "2026-11-05T09:00:00.000Z"),
        paid("ORDER-OLDER-0000A", "2026-11-02T09:00:00.000Z"),
        order({ id: "ORDER-UNPAID-000C" }),
        order({ id: "ORDER-SHIPPED-00D", status: "shipped", payment_status: "completed" }),
        order({ id: "ORDER-CANCEL-000E", status: "cancelled", payment_status: "completed" }),
      ],
      now,
    );
    expect(list.map((item) => [item.order_id, item.preparation, item.hours_waiting])).toEqual([
      ["ORDER-OLDER-0000A", "late", 73],
      ["ORDER-NEWER-0000B", "on_time", 1],
    ]);
    expect(list[0]?.order_number).toBe("R-0000A".padStart(8, "E"));
    expect(list[0]?.customer).toBe("Hélène Dupré");
  });

  it("counts from the creation when the history has no payment entry", () => {
    const now = new Date("2026-11-03T09:00:00.000Z");
    const [item] = ordersToShip(
      [order({ id: "X-00000001", status: "confirmed", payment_status: "completed" })],
      now,
    );
    expect(item?.paid_at).toBe("2026-11-02T09:00:00.000Z");
    expect(item?.preparation).toBe("on_time");
  });
});

describe("transfersAwaited", () => {
  it("lists pending transfers oldest first with their age in Paris days and reminder state", () => {
    // Placed at 23:30 Paris on 2 November (22:30 UTC): day 0 until midnight Paris, day 1 from 00:00.
    const now = new Date("2026-11-02T22:45:00.000Z");
    const list = transfersAwaited(
      [
        order({ id: "T-LATE-00000002", created_at: "2026-11-02T22:30:00.000Z" }),
        order({
          id: "T-OLD-000000001",
          created_at: "2026-10-27T10:00:00.000Z",
          transfer_reference: "CMD-ABCD1234",
          transfer_reminded_at: "2026-11-01T07:00:00.000Z",
        }),
        order({ id: "T-PAYPAL-000003", payment_method: "paypal" }),
        order({ id: "T-PAID-00000004", status: "confirmed", payment_status: "completed" }),
      ],
      now,
    );
    expect(list.map((item) => [item.order_id, item.age_days, item.reminded_at])).toEqual([
      ["T-OLD-000000001", 6, "2026-11-01T07:00:00.000Z"],
      ["T-LATE-00000002", 0, null],
    ]);
    expect(list[0]?.reference).toBe("CMD-ABCD1234");
    expect(list[0]?.amount_cents).toBe(1780);
    const tomorrow = transfersAwaited(
      [order({ id: "T-LATE-00000002", created_at: "2026-11-02T22:30:00.000Z" })],
      new Date("2026-11-02T23:00:00.000Z"),
    );
    expect(tomorrow[0]?.age_days).toBe(1);
  });

  it("flags the lines that hold more units of a product than are left for sale", () => {
    const lines = [
      { product_id: 1, product_name: "Savon à l'argile", quantity: 6 },
      { product_id: 2, product_name: "Savon au miel", quantity: 2 },
      { product_id: 3, product_name: "Savon supprimé", quantity: 9 },
    ];
    const [held] = transfersAwaited(
      [order({ id: "T-HOLDS-0000001", items: lines })],
      new Date("2026-11-02T10:00:00.000Z"),
      new Map([
        [1, 4],
        [2, 30],
      ]),
    );
    expect(held?.holds_most_of).toEqual([
      { product_id: 1, product_name: "Savon à l'argile", quantity: 6, left: 4 },
    ]);
  });

  it("counts calendar days across the change to winter time", () => {
    // Clocks go back on 25 October 2026: still one day per calendar day.
    const list = transfersAwaited(
      [order({ id: "T-DST-000000001", created_at: "2026-10-24T21:59:00.000Z" })],
      new Date("2026-10-26T22:30:00.000Z"),
    );
    expect(list[0]?.age_days).toBe(2);
  });
});

describe("refundsDue (L221-24: 14 days)", () => {
  const withdrawal = (overrides: Partial<TodoWithdrawal>): TodoWithdrawal => ({
    id: "W1",
    order_id: "ORDER-W-00000001",
    order_number: "00000001",
    requested_at: "2026-11-02T09:00:00.000Z",
    customer_name: "",
    customer_email: "marc@example.fr",
    refund_state: "awaiting",
    ...overrides,
  });
  // Requested on 2 November (Paris): the refund is due by 16 November 23:59:59 Paris (22:59:59 UTC).
  const lastSecond = new Date("2026-11-16T22:59:59.000Z");

  it.each([
    [new Date(lastSecond.getTime()), false],
    [new Date(lastSecond.getTime() + 999), false],
    [new Date(lastSecond.getTime() + 1000), true],
  ])("at %s overdue is %s", (now, overdue) => {
    const [item] = refundsDue([withdrawal({})], [], now);
    expect(item?.deadline).toBe("2026-11-16T22:59:59.000Z");
    expect(item?.overdue).toBe(overdue);
    expect(item?.customer).toBe("marc@example.fr");
  });

  it("lists only unsettled withdrawals, due refunds and cancelled paid transfers, each once", () => {
    const now = new Date("2026-11-03T09:00:00.000Z");
    const list = refundsDue(
      [
        withdrawal({ id: "W-open", refund_state: "refund_due" }),
        withdrawal({ id: "W-done", order_id: "ORDER-DONE", refund_state: "refunded" }),
        withdrawal({ id: "W-none", order_id: "ORDER-NONE", refund_state: "nothing_to_refund" }),
      ],
      [
        // Also listed by its open withdrawal: not twice.
        order({
          id: "ORDER-W-00000001",
          status: "delivered",
          payment_status: "partially_refunded",
          refunds: [{ id: "R0", at: "2026-11-02T10:00:00.000Z", amount_cents: 500, status: "due" }],
        }),
        order({
          id: "ORDER-RET-0000002",
          status: "delivered",
          payment_status: "partially_refunded",
          refunds: [
            { id: "R1", at: "2026-10-20T10:00:00.000Z", amount_cents: 900, status: "due" },
            { id: "R2", at: "2026-10-21T10:00:00.000Z", amount_cents: 300, status: "done" },
          ],
        }),
        order({
          id: "ORDER-CAN-0000003",
          status: "cancelled",
          payment_status: "completed",
          status_history: [
            { status: "pending", at: "2026-11-01T09:00:00.000Z" },
            { status: "confirmed", at: "2026-11-01T10:00:00.000Z" },
            { status: "cancelled", at: "2026-11-01T11:00:00.000Z" },
          ],
        }),
        order({
          id: "ORDER-CAN-PAYPAL",
          status: "cancelled",
          payment_status: "completed",
          payment_method: "paypal",
        }),
        order({ id: "ORDER-CAN-UNPAID", status: "cancelled", payment_status: "pending" }),
      ],
      now,
    );
    expect(list.map((item) => [item.key, item.overdue])).toEqual([
      ["ORDER-RET-0000002/R1", false],
      ["ORDER-CAN-0000003/cancellation", false],
      ["W-open", false],
    ]);
    expect(list[0]?.deadline).toBe("2026-11-03T22:59:59.000Z");
    expect(list[0]?.amount_cents).toBe(900);
    expect(list[1]?.since).toBe("2026-11-01T11:00:00.000Z");
  });
});

describe("lowStockProducts", () => {
  it("lists active products at or below their threshold, fewest first", () => {
    const list = lowStockProducts([
      { id: 1, name: "At threshold", stock: 10, low_stock_threshold: 10, is_active: true },
      { id: 2, name: "Above", stock: 11, low_stock_threshold: 10, is_active: true },
      { id: 3, name: "Sold out", stock: 0, low_stock_threshold: 5, is_active: true },
      { id: 4, name: "Off sale", stock: 0, low_stock_threshold: 5, is_active: false },
    ]);
    expect(list.map((item) => item.product_id)).toEqual([3, 1]);
  });
});

describe("expiringBatches (60 days)", () => {
  // 10:00 Paris on 1 November 2026.
  const now = new Date("2026-11-01T09:00:00.000Z");
  const names = new Map([[7, "Savon d'Alep 25 %"]]);
  it("keeps batches with units left expiring within 60 days (day 60 included) or already expired", () => {
    const list = expiringBatches(
      [
        { product_id: 7, lot: "L60", expires_on: "2026-12-31", remaining: 4 },
        { product_id: 7, lot: "L61", expires_on: "2027-01-01", remaining: 4 },
        { product_id: 7, lot: "LPAST", expires_on: "2026-10-01", remaining: 1 },
        { product_id: 7, lot: "LEMPTY", expires_on: "2026-11-10", remaining: 0 },
        { product_id: 7, lot: "LPAO", expires_on: null, remaining: 9 },
        { product_id: 8, lot: "LTODAY", expires_on: "2026-11-01", remaining: 2 },
      ],
      names,
      now,
    );
    expect(list.map((batch) => [batch.lot, batch.days_left])).toEqual([
      ["LPAST", -31],
      ["LTODAY", 0],
      ["L60", 60],
    ]);
    expect(list[0]?.product_name).toBe("Savon d'Alep 25 %");
    expect(list[1]?.product_name).toBe("Produit 8");
  });

  it("counts from the Paris day, not the UTC one", () => {
    // 00:30 Paris on 2 November is still 1 November in UTC.
    const late = new Date("2026-11-01T23:30:00.000Z");
    const [batch] = expiringBatches(
      [{ product_id: 7, lot: "L", expires_on: "2027-01-01", remaining: 1 }],
      names,
      late,
    );
    expect(batch?.days_left).toBe(60);
  });
});

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

describe("isDailySummaryTime (8:00 Paris)", () => {
  it.each([
    // Winter (UTC+1): 8:00 Paris is 07:00 UTC.
    ["2026-11-25T06:59:59.999Z", false],
    ["2026-11-25T07:00:00.000Z", true],
    ["2026-11-25T22:59:59.000Z", true],
    ["2026-11-25T23:00:00.000Z", false],
    // Summer (UTC+2): 8:00 Paris is 06:00 UTC.
    ["2026-07-01T05:59:59.999Z", false],
    ["2026-07-01T06:00:00.000Z", true],
  ])("%s: %s", (at, expected) => {
    expect(isDailySummaryTime(new Date(at))).toBe(expected);
  });
});

describe("stuckParcels (issue 31: no news from the carrier for 7 days)", () => {
  const now = new Date("2026-11-20T10:00:00.000Z");
  const shipped = (id: string, shippedAt: string, extra: Partial<TodoOrder> = {}) =>
    order({
      id,
      status: "shipped",
      payment_status: "completed",
      shipping_company: "Colissimo",
      tracking_number: "6A12345678901",
      status_history: [
        { status: "confirmed", at: "2026-11-01T08:00:00.000Z" },
        { status: "shipped", at: shippedAt },
      ],
      ...extra,
    });
  const event = (code: string, label: string, at: string) => ({ code, label, at });

  it("lists a parcel whose last event is 7 days old, with that event, and not one with news since", () => {
    const stuck = shipped("01AAAAAAAAAAAAAAAAAAAAAAA1", "2026-11-10T09:00:00.000Z", {
      tracking_events: [
        event("DR1", "Déclaratif réceptionné", "2026-11-10T09:00:00.000Z"),
        event("PC1", "Pris en charge", "2026-11-13T10:00:00.000Z"),
      ],
    });
    const moving = shipped("01AAAAAAAAAAAAAAAAAAAAAAA2", "2026-11-10T09:00:00.000Z", {
      tracking_events: [event("ET1", "En cours de traitement", "2026-11-13T10:00:01.000Z")],
    });
    expect(stuckParcels([moving, stuck], now)).toEqual([
      {
        order_id: stuck.id,
        order_number: "AAAAAAA1",
        customer: "Hélène Dupré",
        carrier: "Colissimo",
        tracking_number: "6A12345678901",
        last_news_at: "2026-11-13T10:00:00.000Z",
        days_without_news: 7,
        last_event: "Pris en charge",
      },
    ]);
  });

  it("counts from the shipping when the carrier said nothing, and leaves delivered and unshipped orders out", () => {
    const silent = shipped("01AAAAAAAAAAAAAAAAAAAAAAA3", "2026-11-05T09:00:00.000Z", {
      shipping_company: "",
      tracking_number: null,
    });
    const delivered = { ...silent, id: "01AAAAAAAAAAAAAAAAAAAAAAA4", status: "delivered" as const };
    const toShip = paid("01AAAAAAAAAAAAAAAAAAAAAAA5", "2026-11-01T08:00:00.000Z");
    expect(stuckParcels([silent, delivered, toShip], now)).toMatchObject([
      {
        order_id: silent.id,
        carrier: "Transporteur non renseigné",
        last_news_at: "2026-11-05T09:00:00.000Z",
        days_without_news: 15,
        last_event: null,
      },
    ]);
  });
});
