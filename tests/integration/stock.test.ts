/**
 * Stock changes only by movements (order-lifecycle.md "Stock", issue 12): every sale, release, cancellation and
 * manual adjustment is recorded with its reason, and a manual adjustment never overwrites units sold meanwhile.
 */
import { describe, expect, it } from "vitest";
import { getUser } from "../../functions/accounts/auth";
import { productEntity } from "../../functions/catalog/product-entity";
import { placeOrder } from "../../functions/orders/place-order/place-order";
import { releaseExpiredHolds } from "../../functions/payments/paypal-holds";
import { putPaypalSetting } from "../../functions/payments/paypal-secret";
import type { StockMovement } from "../../src/domain/catalog/stock";
import { createTestContext } from "../setup/test-db";
import { createCustomer, placeTransferOrder } from "../support/customers";
import { createSoap } from "../support/products";
import { PAYPAL_SET_UP } from "../support/shop-setup";

let now = new Date("2026-11-23T10:00:00Z");
const ctx = await createTestContext({ now: () => now });
const admin = await createCustomer(ctx.deps, ctx.app, { isAdmin: true });

const soap = (stock = 10, price = 10) => createSoap(ctx.deps, { stock, price });

const stockOf = async (id: number) => (await productEntity(ctx.db).get({ id }).go()).data?.stock;
async function movements(productId: number): Promise<StockMovement[]> {
  const response = await admin.call("GET", `/api/admin/products/${productId}/stock-movements`);
  expect(response.status).toBe(200);
  return ((await response.json()) as { movements: StockMovement[] }).movements;
}
const adjust = (productId: number, body: unknown) =>
  admin.call("POST", `/api/admin/products/${productId}/stock-adjustments`, body);

describe("stock movements", () => {
  it("records a sale and a cancellation with their order, and they add up to the stock", async () => {
    const customer = await createCustomer(ctx.deps, ctx.app);
    const product = await soap(10);
    const order = await placeTransferOrder(customer, product.id, 3, 37.8);
    expect((await admin.call("PUT", `/api/admin/orders/${order.id}`, { status: "cancelled" })).status).toBe(
      200,
    );

    const list = await movements(product.id);
    expect(list.map(({ reason, delta, order_id }) => ({ reason, delta, order_id }))).toEqual([
      { reason: "cancellation", delta: 3, order_id: order.id },
      { reason: "sale", delta: -3, order_id: order.id },
      { reason: "adjustment", delta: 10, order_id: null },
    ]);
    expect(list.reduce((sum, movement) => sum + movement.delta, 0)).toBe(await stockOf(product.id));
  });

  it("records an expired PayPal hold as released", async () => {
    const customer = await createCustomer(ctx.deps, ctx.app);
    const user = await getUser(ctx.deps, customer.id);
    const product = await soap(5);
    await putPaypalSetting(ctx.deps, PAYPAL_SET_UP);
    const { order } = await placeOrder(
      ctx.deps,
      { user: user as NonNullable<typeof user> },
      {
        items: [{ product_id: product.id, quantity: 2 }],
        shipping_address_id: customer.addressId,
        total_amount: 27.8,
        order_notes: null,
      },
      { paymentMethod: "paypal" },
    );
    const placedAt = now;
    now = new Date(placedAt.getTime() + 31 * 60_000);
    try {
      expect(await releaseExpiredHolds(ctx.deps)).toContain(order.id);
    } finally {
      now = placedAt;
    }
    const [latest] = await movements(product.id);
    expect(latest).toMatchObject({ reason: "release", delta: 2, order_id: order.id });
    expect(await stockOf(product.id)).toBe(5);
  });

  it("adjusts by a signed quantity with a reason, keeping units sold since the form was opened", async () => {
    const customer = await createCustomer(ctx.deps, ctx.app);
    const product = await soap(10);
    // The owner opens the form (10 in stock), a customer buys 3, the owner adds the 24 bars from the drying room.
    await placeTransferOrder(customer, product.id, 3, 37.8);
    const response = await adjust(product.id, { delta: 24, note: "Reçus du séchoir" });
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ stock: 31 });
    expect(await stockOf(product.id)).toBe(31);

    expect((await adjust(product.id, { delta: -2, note: "2 cassés" })).status).toBe(201);
    const [broken, received] = await movements(product.id);
    expect(broken).toMatchObject({ reason: "adjustment", delta: -2, note: "2 cassés", stock_after: 29 });
    expect(received).toMatchObject({
      reason: "adjustment",
      delta: 24,
      note: "Reçus du séchoir",
      stock_after: 31,
    });
  });

  it("refuses an adjustment that would make the stock negative, or has no reason, in French", async () => {
    const product = await soap(4);
    const negative = await adjust(product.id, { delta: -5, note: "Inventaire" });
    expect(negative.status).toBe(409);
    expect(await negative.json()).toMatchObject({
      code: "STOCK_NEGATIVE",
      error: "Le stock ne peut pas devenir négatif : 4 en stock, vous retirez 5.",
    });
    const noReason = await adjust(product.id, { delta: 3, note: " " });
    expect(noReason.status).toBe(400);
    expect(JSON.stringify(await noReason.json())).toContain("Indiquez la raison de l'ajustement");
    expect((await adjust(product.id, { delta: 0, note: "rien" })).status).toBe(400);
    expect((await adjust(999_999, { delta: 1, note: "inconnu" })).status).toBe(404);
    expect(await stockOf(product.id)).toBe(4);
    expect(await movements(product.id)).toHaveLength(1);
  });

  it("keeps every parallel sale and adjustment: 10 sales of 1 and 3 adjustments of +5 on a stock of 20", async () => {
    const customers = await Promise.all(Array.from({ length: 10 }, () => createCustomer(ctx.deps, ctx.app)));
    const product = await soap(20);
    await Promise.all([
      ...customers.map((customer) => placeTransferOrder(customer, product.id, 1, 17.8)),
      ...Array.from({ length: 3 }, async () =>
        expect((await adjust(product.id, { delta: 5, note: "Arrivage" })).status).toBe(201),
      ),
    ]);
    expect(await stockOf(product.id)).toBe(20 - 10 + 15);
    const list = await movements(product.id);
    expect(list.reduce((sum, movement) => sum + movement.delta, 0)).toBe(25);
  });

  it("is the admin's alone", async () => {
    const customer = await createCustomer(ctx.deps, ctx.app);
    const product = await soap(4);
    expect((await customer.call("GET", `/api/admin/products/${product.id}/stock-movements`)).status).toBe(
      403,
    );
    expect(
      (
        await customer.call("POST", `/api/admin/products/${product.id}/stock-adjustments`, {
          delta: 9,
          note: "vol",
        })
      ).status,
    ).toBe(403);
  });

  it("lets 30 orders for 30 different products go through at once, all counted on the dashboard", async () => {
    const customers = await Promise.all(Array.from({ length: 30 }, () => createCustomer(ctx.deps, ctx.app)));
    const products = await Promise.all(customers.map(() => soap(3)));
    const before = (await (await admin.call("GET", "/api/admin/stats")).json()) as { totalOrders: number };
    await Promise.all(
      customers.map((customer, index) => placeTransferOrder(customer, products[index]?.id ?? 0, 1, 17.8)),
    );
    const after = (await (await admin.call("GET", "/api/admin/stats")).json()) as { totalOrders: number };
    expect(after.totalOrders - before.totalOrders).toBe(30);
  });
});

describe("the stock after each movement (issue 28 item 17)", () => {
  it("records it for a sale, a cancellation and a return: the product's stock once the transaction is written", async () => {
    const customer = await createCustomer(ctx.deps, ctx.app);
    const product = await soap(10);
    const sold = await placeTransferOrder(customer, product.id, 3, 37.8);
    expect((await movements(product.id))[0]).toMatchObject({ reason: "sale", delta: -3, stock_after: 7 });

    const cancelled = await placeTransferOrder(customer, product.id, 2, 27.8);
    expect((await movements(product.id))[0]).toMatchObject({ reason: "sale", delta: -2, stock_after: 5 });
    const cancel = await admin.call("PUT", `/api/admin/orders/${cancelled.id}`, { status: "cancelled" });
    expect(cancel.status).toBe(200);
    expect((await movements(product.id))[0]).toMatchObject({
      reason: "cancellation",
      delta: 2,
      stock_after: 7,
    });

    const delivered = await admin.call("PUT", `/api/admin/orders/${sold.id}`, {
      payment_status: "completed",
      status: "delivered",
    });
    const order = (await delivered.json()) as { id: string; version: number };
    const returned = await admin.call("POST", `/api/admin/orders/${order.id}/returns`, {
      order_version: order.version,
      lines: [{ index: 0, quantity: 1, restock: true }],
      refund_shipping: false,
      amount: 10,
    });
    expect(returned.status, await returned.clone().text()).toBe(201);
    expect((await movements(product.id))[0]).toMatchObject({ reason: "return", delta: 1, stock_after: 8 });
    expect(await stockOf(product.id)).toBe(8);
  });

  it("records a different, exact figure for each of 30 parallel orders, with restocks among them", {
    timeout: 120_000,
  }, async () => {
    const customers = await Promise.all(Array.from({ length: 30 }, () => createCustomer(ctx.deps, ctx.app)));
    const product = await soap(40);
    await Promise.all([
      ...customers.map((customer) => placeTransferOrder(customer, product.id, 1, 17.8)),
      ...Array.from({ length: 3 }, async () =>
        expect((await adjust(product.id, { delta: 5, note: "Arrivage" })).status).toBe(201),
      ),
    ]);
    expect(await stockOf(product.id)).toBe(25);
    const list = await movements(product.id);
    expect(list).toHaveLength(34);
    // Each movement leaves the stock the next one found: the figures before (after less delta) are the figures
    // after, less the last one (the 25 the product holds), plus the creation's 0. A figure estimated rather than
    // read from the stock held breaks the chain (two sales both recording 39, and none 38).
    const afters = list.map((movement) => movement.stock_after);
    const befores = list.map((movement) => (movement.stock_after ?? Number.NaN) - movement.delta);
    const sorted = (figures: (number | null)[]) => [...figures].sort((a, b) => (a ?? -1) - (b ?? -1));
    expect(sorted([...befores, 25])).toEqual(sorted([...afters, 0]));
    expect(list[0]?.stock_after).toBe(25);
  });
});
