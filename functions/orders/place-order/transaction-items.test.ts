import { describe, expect, it } from "vitest";
import { createDb } from "../../platform/db/service";
import type { PromoRecord } from "../../promos/service";
import type { OrderRecord } from "../service";
import { orderTransactionItems } from "./transaction-items";

// No network: ElectroDB only builds the TransactWriteItems request here.
const db = createDb({ tableName: "shop", endpoint: "http://127.0.0.1:9" });
const now = new Date("2026-11-23T10:00:00Z");

function order(index: number, productId: number): OrderRecord {
  return {
    id: `01KORDER${String(index).padStart(6, "0")}`,
    user_id: `user-${index}`,
    customer_email: `client-${index}@example.fr`,
    customer_name: "Client",
    created_at: now.toISOString(),
    updated_at: now.toISOString(),
    status: "pending",
    payment_method: "paypal",
    payment_status: "pending",
    items: [
      {
        product_id: productId,
        product_name: "Savon",
        product_image: "/x.svg",
        unit_price_cents: 1000,
        quantity: 1,
      },
    ],
    subtotal_cents: 1000,
    shipping_cents: 780,
    discount_cents: 0,
    total_cents: 1780,
    free_shipping_threshold_cents: 10000,
    shipping_address: {
      first_name: "Lina",
      last_name: "Moreau",
      phone: "0611223344",
      address_line1: "5 rue du Four",
      city: "Marseille",
      postal_code: "13001",
      country: "FR",
    },
    status_history: [{ status: "pending", at: now.toISOString() }],
  } as OrderRecord;
}

function itemKeys(record: OrderRecord, promo: PromoRecord | null = null, idempotencyKey?: string): string[] {
  const commits = orderTransactionItems(db, {
    order: record,
    promo,
    idempotencyKey,
    now,
    stocks: new Map(record.items.map((line) => [line.product_id, 10])),
    movedAt: now.toISOString(),
  }).map((item) => item.commit);
  return commits.map((item) => {
    const write = item as {
      Put?: { Item: { pk: string; sk: string } };
      Update?: { Key: object };
      Delete?: { Key: object };
    };
    const key = write.Put
      ? { pk: write.Put.Item.pk, sk: write.Put.Item.sk }
      : (write.Update ?? write.Delete)?.Key;
    return JSON.stringify(key);
  });
}

describe("the order transaction", () => {
  it("holds no item that every order writes: 100 orders of 100 different products spread over many items", () => {
    const orders = Array.from({ length: 100 }, (_, index) => order(index, index + 1));
    const writers = new Map<string, number>();
    for (const record of orders)
      for (const key of new Set(itemKeys(record))) writers.set(key, (writers.get(key) ?? 0) + 1);
    // With the dashboard counters on one item, that item was in all 100 transactions; sharded, at most a few share one.
    expect(Math.max(...writers.values())).toBeLessThanOrEqual(20);
  });

  it("writes each line's stock with its movement, the order, its counters and the Idempotency-Key", () => {
    const keys = itemKeys(order(1, 7), null, "key-1");
    expect(keys).toHaveLength(6);
    expect(keys.filter((key) => key.includes("$stock_movement"))).toHaveLength(1);
    expect(keys.filter((key) => key.includes("scope_all#"))).toHaveLength(1);
    expect(keys.filter((key) => key.includes("scope_month-2026-11#"))).toHaveLength(1);
    expect(keys.some((key) => key.includes('"pk":"$shop#scope_all"'))).toBe(false);
  });
});
