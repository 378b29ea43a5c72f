/**
 * The owner's to-do list (issue 19): GET /api/admin/todo, admin only, computed from the table at the injected clock.
 * The transfer received in one click is the Commandes tab's own action (PUT /api/admin/orders/{id}), and the list
 * follows it.
 */
import { describe, expect, it } from "vitest";
import { createBatch } from "../../functions/batches/service";
import { orderEntity } from "../../functions/orders/entity";
import { beginPublish, markSiteStale, recordPublishResult } from "../../functions/publishing/publishing";
import type { OwnerTodo } from "../../src/domain/admin/owner-todo/list";
import type { Order } from "../../src/domain/orders/order";
import { parisDay } from "../../src/domain/paris-time";
import { createTestContext } from "../setup/test-db";
import { createCustomer, placeTransferOrder } from "../support/customers";
import { createSoap } from "../support/products";

const HOUR = 3_600_000;
let now = new Date("2026-11-02T08:00:00.000Z");
const ctx = await createTestContext({ now: () => now });
const admin = await createCustomer(ctx.deps, ctx.app, { isAdmin: true });
const customer = await createCustomer(ctx.deps, ctx.app);

async function todo(): Promise<OwnerTodo> {
  const response = await admin.call("GET", "/api/admin/todo");
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as OwnerTodo;
}

const put = async (order: Order, body: object) => {
  const response = await admin.call("PUT", `/api/admin/orders/${order.id}`, body);
  expect(response.status, await response.clone().text()).toBe(200);
};

describe("GET /api/admin/todo", () => {
  it("answers 401 to anonymous callers and 403 to customers", async () => {
    expect((await ctx.app.request("/api/admin/todo")).status).toBe(401);
    const refused = await customer.call("GET", "/api/admin/todo");
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { code: string }).code).toBeTruthy();
  });

  it("is empty for a shop with nothing to do", async () => {
    const list = await todo();
    expect(list.count).toBe(0);
    expect(list.to_ship).toEqual([]);
    expect(list.transfers).toEqual([]);
    expect(list.publishing).toBeNull();
  });

  it("lists every kind of work, and follows the transfer marked received", async () => {
    const soap = await createSoap(ctx.deps, { price: 10, stock: 50 });
    const first = await placeTransferOrder(customer, soap.id, 1, 17.8);
    now = new Date(now.getTime() + HOUR);
    const second = await placeTransferOrder(customer, soap.id, 1, 17.8);
    // The first transfer arrives an hour after the second order.
    now = new Date(now.getTime() + HOUR);
    await put(first, { payment_status: "completed" });
    // The reminder job (another part of issue 19) writes this; the list only reads it.
    await orderEntity(ctx.db).patch({ id: second.id }).set({ transfer_reminded_at: now.toISOString() }).go();

    // Almost sold out (stock 2, threshold 2), and another product with a batch expiring in 30 days.
    const scarce = await createSoap(ctx.deps, { price: 12, stock: 2 });
    const batched = await createSoap(ctx.deps, { price: 9, stock: 100 });
    const expiresOn = parisDay(new Date(now.getTime() + 30 * 24 * HOUR));
    await createBatch(ctx.deps, admin.id, batched.id, {
      lot: "L2026-07",
      made_on: "2026-01-10",
      expires_on: expiresOn,
      inci_version: "v1",
      quantity: 20,
    });

    await markSiteStale(ctx.deps, "Produit modifié");
    const { covers } = await beginPublish(ctx.deps);
    await recordPublishResult(ctx.deps, { covers, ok: false, error: "La construction a échoué." });

    // 49 hours after the payment: the preparation delay (24-48 h) is exceeded.
    now = new Date(now.getTime() + 49 * HOUR);
    const list = await todo();
    expect(list.to_ship.map((item) => [item.order_id, item.preparation, item.hours_waiting])).toEqual([
      [first.id, "late", 49],
    ]);
    expect(list.transfers).toEqual([
      expect.objectContaining({
        order_id: second.id,
        order_number: second.order_number,
        reference: second.transfer_reference,
        amount_cents: 1780,
        age_days: 2,
        reminded_at: expect.any(String),
      }),
    ]);
    expect(list.low_stock.map((item) => item.product_id)).toEqual([scarce.id]);
    expect(list.expiring_batches).toEqual([
      expect.objectContaining({
        product_id: batched.id,
        lot: "L2026-07",
        expires_on: expiresOn,
        days_left: 28,
      }),
    ]);
    expect(list.publishing).toEqual({ error: "La construction a échoué." });
    expect(list.refunds).toEqual([]);
    expect(list.count).toBe(5);

    // « Virement reçu »: the Commandes tab's action records the payment; the order moves to the orders to ship.
    await put(second, { payment_status: "completed" });
    const after = await todo();
    expect(after.transfers).toEqual([]);
    expect(after.to_ship.map((item) => [item.order_id, item.preparation])).toEqual([
      [first.id, "late"],
      [second.id, "on_time"],
    ]);

    // The owner cancels the first, paid by transfer: its refund is due within 14 days.
    await put(first, { status: "cancelled" });
    const refunds = (await todo()).refunds;
    expect(refunds).toEqual([
      expect.objectContaining({ order_id: first.id, kind: "refund", overdue: false, amount_cents: 1780 }),
    ]);
    now = new Date(now.getTime() + 15 * 24 * HOUR);
    expect((await todo()).refunds[0]?.overdue).toBe(true);
  });

  it("shows a transfer awaited that holds most of a product: more units than are left for sale", async () => {
    const soap = await createSoap(ctx.deps, { price: 10, stock: 10, lowStockThreshold: 0 });
    const other = await createSoap(ctx.deps, { price: 10, stock: 40, lowStockThreshold: 0 });
    const holding = await customer.call("POST", "/api/orders", {
      items: [
        { product_id: soap.id, quantity: 6 },
        { product_id: other.id, quantity: 2 },
      ],
      shipping_address_id: customer.addressId,
      total_amount: 87.8,
      payment_method: "bank_transfer",
      transfer_sender_name: "Client",
    });
    expect(holding.status, await holding.clone().text()).toBe(201);
    const { order } = (await holding.json()) as { order: Order };
    const small = await placeTransferOrder(customer, soap.id, 1, 17.8);

    const transfers = (await todo()).transfers;
    expect(transfers.find((item) => item.order_id === order.id)?.holds_most_of).toEqual([
      { product_id: soap.id, product_name: soap.name, quantity: 6, left: 3 },
    ]);
    expect(transfers.find((item) => item.order_id === small.id)?.holds_most_of).toEqual([]);
  });
});
