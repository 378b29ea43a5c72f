import { describe, expect, it } from "vitest";
import type { TodoOrder } from "./facts";
import { order, paid } from "./fixtures";
import { ordersToShip, preparationState, stuckParcels, transfersAwaited } from "./orders";

const HOUR = 3_600_000;

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
