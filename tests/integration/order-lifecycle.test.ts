/**
 * The order lifecycle as the owner and the shop's jobs meet it (order-lifecycle.md). Each test reproduces a defect
 * seen on a running shop (issue 12), red before the lifecycle was in place.
 */
import { describe, expect, it } from "vitest";
import { getUser } from "../../functions/accounts/auth";
import { productEntity } from "../../functions/catalog/product-entity";
import { orderEntity } from "../../functions/orders/entity";
import { invoiceEntity } from "../../functions/orders/invoice-entity";
import { moveOrder } from "../../functions/orders/lifecycle";
import { placeOrder } from "../../functions/orders/place-order/place-order";
import { releaseExpiredHolds } from "../../functions/payments/paypal-holds";
import { putPaypalSetting } from "../../functions/payments/paypal-secret";
import { promoEntity } from "../../functions/promos/entity";
import { createPromo } from "../../functions/promos/service";
import type { Order } from "../../src/domain/orders/order";
import { createTestContext } from "../setup/test-db";
import { createCustomer, placeTransferOrder } from "../support/customers";
import { createSoap } from "../support/products";
import { PROMO_FORM } from "../support/promos";
import { PAYPAL_SET_UP } from "../support/shop-setup";

let now = new Date("2026-11-23T10:00:00Z");
const ctx = await createTestContext({ now: () => now });
const admin = await createCustomer(ctx.deps, ctx.app, { isAdmin: true });

const soap = (price = 10, stock = 10) => createSoap(ctx.deps, { price, stock });

const edit = (id: string, body: object) => admin.call("PUT", `/api/admin/orders/${id}`, body);
const stockOf = async (id: number) => (await productEntity(ctx.db).get({ id }).go()).data?.stock;
const stats = async () =>
  (await (await admin.call("GET", "/api/admin/stats")).json()) as Record<string, number>;

describe("the owner's order form follows the lifecycle", () => {
  it("never marks a cancelled, restocked order paid: 409 with the reason, no invoice", async () => {
    const customer = await createCustomer(ctx.deps, ctx.app);
    const product = await soap();
    const placed = await placeTransferOrder(customer, product.id, 3, 37.8);
    expect((await edit(placed.id, { status: "cancelled" })).status).toBe(200);
    expect(await stockOf(product.id)).toBe(10);

    const paid = await edit(placed.id, { payment_status: "completed" });
    expect(paid.status).toBe(409);
    expect(await paid.json()).toMatchObject({
      code: "ORDER_TRANSITION",
      error:
        "Une commande annulée ne peut plus être payée, expédiée ni rouverte : passez une nouvelle commande.",
    });
    const stored = (await orderEntity(ctx.db).get({ id: placed.id }).go()).data;
    expect(stored).toMatchObject({ status: "cancelled", payment_status: "failed" });
    expect(stored?.invoice_number).toBeUndefined();
  });

  it("never puts delivered goods back in stock: cancelling a delivered order is refused", async () => {
    const customer = await createCustomer(ctx.deps, ctx.app);
    const product = await soap();
    const placed = await placeTransferOrder(customer, product.id, 2, 27.8);
    expect((await edit(placed.id, { payment_status: "completed", status: "delivered" })).status).toBe(200);
    const cancelled = await edit(placed.id, { status: "cancelled" });
    expect(cancelled.status).toBe(409);
    expect(((await cancelled.json()) as { error: string }).error).toMatch(
      /^Une commande livrée ne s'annule pas/,
    );
    expect(await stockOf(product.id)).toBe(8);
    const stored = (await orderEntity(ctx.db).get({ id: placed.id }).go()).data;
    expect(stored?.status).toBe("delivered");
    expect(stored?.credit_note_number).toBeUndefined();
  });

  it("takes a paid order cancelled afterwards out of revenue and the average order value", async () => {
    const customer = await createCustomer(ctx.deps, ctx.app);
    const product = await soap(20, 10);
    const before = await stats();
    const kept = await placeTransferOrder(customer, product.id, 1, 27.8); // 20 + 7,80 shipping
    const cancelledLater = await placeTransferOrder(customer, product.id, 2, 47.8);
    await edit(kept.id, { payment_status: "completed" });
    await edit(cancelledLater.id, { payment_status: "completed" });
    expect((await stats()).totalRevenue).toBeCloseTo((before.totalRevenue ?? 0) + 27.8 + 47.8, 2);

    const cancelled = (await (await edit(cancelledLater.id, { status: "cancelled" })).json()) as Order;
    expect(cancelled).toMatchObject({ status: "cancelled", payment_status: "completed" });
    expect(cancelled.credit_note_number).toMatch(/^AV-/);
    const after = await stats();
    expect(after.totalRevenue).toBeCloseTo((before.totalRevenue ?? 0) + 27.8, 2);
    expect(await stockOf(product.id)).toBe(9);

    // The owner sends the transfer back and records it: nothing more changes in the figures.
    const refunded = (await (await edit(cancelledLater.id, { payment_status: "refunded" })).json()) as Order;
    expect(refunded).toMatchObject({ status: "cancelled", payment_status: "refunded" });
    expect(refunded.credit_note_number).toBe(cancelled.credit_note_number);
    expect((await stats()).totalRevenue).toBeCloseTo(after.totalRevenue ?? 0, 2);
  });

  it("refuses a status that skips the payment, and a way back", async () => {
    const customer = await createCustomer(ctx.deps, ctx.app);
    const product = await soap();
    const placed = await placeTransferOrder(customer, product.id, 1, 17.8);
    for (const [body, reason] of [
      [{ status: "shipped" }, /pas payée/],
      [{ status: "confirmed" }, /marquez-la payée/],
      [{ payment_status: "failed" }, /qu'en annulant/],
    ] as const) {
      const answer = await edit(placed.id, body);
      expect(answer.status).toBe(409);
      expect(((await answer.json()) as { error: string }).error).toMatch(reason);
    }
    await edit(placed.id, { payment_status: "completed", status: "shipped" });
    const back = await edit(placed.id, { status: "confirmed" });
    expect(back.status).toBe(409);
    const stored = (await orderEntity(ctx.db).get({ id: placed.id }).go()).data;
    expect(stored?.status_history.map((entry) => entry.status)).toEqual(["pending", "confirmed", "shipped"]);
  });
});

describe("one change that receives and undoes a payment", () => {
  it("issues the invoice and the credit note that cancels it (PayPal says: paid, then refunded)", async () => {
    const customer = await createCustomer(ctx.deps, ctx.app);
    const product = await soap();
    const placed = await placeTransferOrder(customer, product.id, 1, 17.8);
    const { order } = await moveOrder(ctx.deps, placed.id, {
      commands: ["pay", "refunded"],
      refused: "throw",
    });
    expect(order).toMatchObject({ status: "cancelled", payment_status: "refunded" });
    expect(order.invoice_number).toMatch(/^FA-/);
    expect(order.credit_note_number).toMatch(/^AV-/);
    const note = (
      await invoiceEntity(ctx.db)
        .get({ number: order.credit_note_number ?? "" })
        .go()
    ).data;
    expect(JSON.parse(note?.snapshot ?? "{}")).toMatchObject({
      cancels: order.invoice_number,
      total_cents: 1780,
    });
    expect(await stockOf(product.id)).toBe(10);
  });
});

describe("a promo code deleted after it was used", () => {
  it("is archived, not deleted: inactive, its history readable, its orders still cancellable", async () => {
    const customer = await createCustomer(ctx.deps, ctx.app);
    const product = await soap();
    const promo = await createPromo(ctx.deps, {
      code: `KEEP${Math.random().toString(36).slice(2, 6).toUpperCase()}`,
      discount_type: "fixed_amount",
      discount_value: 200,
    });
    const placed = await placeTransferOrder(customer, product.id, 1, 15.8, promo.id);
    const deleted = await admin.call("DELETE", `/api/admin/promo/${promo.id}`);
    expect(deleted.status).toBe(200);
    expect(await deleted.json()).toMatchObject({ archived: true, message: expect.stringMatching(/archivé/) });

    const listed = (await (await admin.call("GET", "/api/admin/promo")).json()) as {
      id: string;
      is_active: boolean;
      archived_at: string | null;
    }[];
    expect(listed.find((item) => item.id === promo.id)).toMatchObject({
      is_active: false,
      archived_at: now.toISOString(),
    });
    const usage = (await (await admin.call("GET", `/api/admin/promo/${promo.id}/usage`)).json()) as object[];
    expect(usage).toEqual([expect.objectContaining({ order_id: placed.id, discount_amount: 2 })]);
    const validated = await customer.call("POST", "/api/promo/validate", {
      promo_code: promo.code,
      total_amount: 10,
    });
    expect(await validated.json()).toMatchObject({ valid: false });
    const edited = await admin.call("PUT", `/api/admin/promo/${promo.id}`, {
      ...PROMO_FORM,
      code: promo.code,
      description: "",
      discount_type: "fixed_amount",
      discount_value: 2,
    });
    expect(edited.status).toBe(409);
    expect(await edited.json()).toMatchObject({ error: expect.stringMatching(/archivé/) });

    expect((await edit(placed.id, { status: "cancelled" })).status).toBe(200);
    expect(await stockOf(product.id)).toBe(10);
    expect((await promoEntity(ctx.db).get({ id: promo.id }).go()).data?.usage_count).toBe(0);
  });

  it("deletes a code that was never used, and frees it", async () => {
    const code = `NEW${Math.random().toString(36).slice(2, 6).toUpperCase()}`;
    const promo = await createPromo(ctx.deps, { code, discount_type: "fixed_amount", discount_value: 200 });
    expect((await admin.call("DELETE", `/api/admin/promo/${promo.id}`)).status).toBe(204);
    expect(await promoEntity(ctx.db).get({ id: promo.id }).go()).toMatchObject({ data: null });
    await createPromo(ctx.deps, { code, discount_type: "fixed_amount", discount_value: 300 });
  });

  it("does not block the cancellation of an order whose code is gone (deleted by an earlier version), nor the hold-expiry job", async () => {
    const customer = await createCustomer(ctx.deps, ctx.app);
    const product = await soap();
    const promo = await createPromo(ctx.deps, {
      code: `GONE${Math.random().toString(36).slice(2, 6).toUpperCase()}`,
      discount_type: "fixed_amount",
      discount_value: 200,
    });
    const placed = await placeTransferOrder(customer, product.id, 1, 15.8, promo.id);
    await promoEntity(ctx.db).delete({ id: promo.id }).go();

    const cancelled = await edit(placed.id, { status: "cancelled" });
    expect(cancelled.status).toBe(200);
    expect(await stockOf(product.id)).toBe(10);
    expect(await promoEntity(ctx.db).get({ id: promo.id }).go()).toMatchObject({ data: null });

    // A PayPal hold that used a code deleted since is released by the job like any other.
    const other = await createPromo(ctx.deps, {
      code: `HOLD${Math.random().toString(36).slice(2, 6).toUpperCase()}`,
      discount_type: "fixed_amount",
      discount_value: 200,
    });
    const buyer = await getUser(ctx.deps, customer.id);
    await putPaypalSetting(ctx.deps, PAYPAL_SET_UP);
    const { order: hold } = await placeOrder(
      ctx.deps,
      { user: buyer as NonNullable<typeof buyer> },
      {
        items: [{ product_id: product.id, quantity: 2 }],
        shipping_address_id: customer.addressId,
        total_amount: 25.8,
        promo_code_id: other.id,
        order_notes: null,
      },
      { paymentMethod: "paypal" },
    );
    expect(await stockOf(product.id)).toBe(8);
    await promoEntity(ctx.db).delete({ id: other.id }).go();
    now = new Date(now.getTime() + 31 * 60_000);
    expect(await releaseExpiredHolds(ctx.deps)).toEqual([hold.id]);
    expect(await stockOf(product.id)).toBe(10);
    expect(await releaseExpiredHolds(ctx.deps)).toEqual([]);
  });
});
