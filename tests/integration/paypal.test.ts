import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { createProduct } from "../../functions/catalog/service";
import { changeOrder } from "../../functions/orders/changes";
import { moveOrder } from "../../functions/orders/lifecycle";
import { toOrder } from "../../functions/orders/service";
import { reconcile as reconcileJob } from "../../functions/payments/jobs/reconcile-paypal";
import { handlePaypalWebhook } from "../../functions/payments/paypal-checkout";
import { reconcilePaypalOrders, releaseExpiredHolds } from "../../functions/payments/paypal-holds";
import { putPaypalSetting } from "../../functions/payments/paypal-secret";
import { clearPaypalTokens, PaypalClient } from "../../functions/platform/adapters/paypal";
import type { Deps } from "../../functions/platform/deps";
import { createPromo } from "../../functions/promos/service";
import type { Order } from "../../src/domain/orders/order";
import { defaultSettings } from "../../src/domain/settings/settings";
import { type PaypalDouble, startPaypalDouble } from "../doubles/paypal";
import { createTestContext } from "../setup/test-db";
import { COMPLETE_COSMETICS } from "../support/cosmetics";
import { apiCaller, createCustomer, type TestCustomer } from "../support/customers";

let offset = 0;
const ctx = await createTestContext({ now: () => new Date(Date.now() + offset) });
let paypal: PaypalDouble;

beforeAll(async () => {
  paypal = await startPaypalDouble();
  await putPaypalSetting(ctx.deps, {
    base_url: paypal.url,
    client_id: paypal.clientId,
    client_secret: paypal.clientSecret,
    webhook_id: paypal.webhookId,
  });
});
afterAll(async () => {
  await paypal.close();
  clearPaypalTokens();
});
beforeEach(() => {
  offset = 0;
  paypal.nextCaptureOutcome = "COMPLETED";
  paypal.beforeCapture = undefined;
});

const soap = {
  name: "Savon PayPal",
  price: 12.9,
  weight: "200g",
  image: "/images/products/savon-premium.svg",
  description: "Un savon",
  long_description: "",
  category: "Savons",
  stock: 10,
  low_stock_threshold: 3,
  benefits: [],
  ingredients: "",
  usage: "",
  is_active: true,
  ...COMPLETE_COSMETICS,
};
const stockOf = async (id: number) => (await ctx.db.entities.product.get({ id }).go()).data?.stock;
const orderOf = async (id: string) => (await ctx.db.entities.order.get({ id }).go()).data;

async function createPaypal(
  customer: TestCustomer,
  productId: number,
  quantity: number,
  total: number,
  extra = {},
) {
  return customer.call("POST", "/api/paypal-payment/create-order", {
    items: [{ product_id: productId, quantity }],
    shipping_address_id: customer.addressId,
    total_amount: total,
    amount: total.toFixed(2),
    currency: "EUR",
    ...extra,
  });
}
const capture = (customer: TestCustomer, orderID: string) =>
  customer.call("POST", "/api/paypal-payment/capture-order", { orderID });

describe("client id", () => {
  it("answers the public client id, and 503 'PayPal n'est pas configuré.' without credentials", async () => {
    expect(await (await ctx.app.request("/api/paypal-payment/client-id")).json()).toEqual({
      clientId: paypal.clientId,
    });
    await putPaypalSetting(ctx.deps, { ...defaultSettings.payment_paypal });
    try {
      const response = await ctx.app.request("/api/paypal-payment/client-id");
      expect(response.status).toBe(503);
      expect(((await response.json()) as { error: string }).error).toBe("PayPal n'est pas configuré.");
    } finally {
      await putPaypalSetting(ctx.deps, {
        base_url: paypal.url,
        client_id: paypal.clientId,
        client_secret: paypal.clientSecret,
        webhook_id: paypal.webhookId,
      });
    }
  });
});

describe("create, approve, capture", () => {
  it("asks PayPal for exactly the server's total with a breakdown that adds up, and holds the stock", async () => {
    const product = await createProduct(ctx.deps, soap);
    const promo = await createPromo(ctx.deps, {
      code: "PP15",
      discount_type: "percentage",
      discount_value: 1500,
    });
    const customer = await createCustomer(ctx.deps, ctx.app);
    // 3 × 12,90 = 38,70 ; −15 % = 5,81 (5,805 rounded half up) ; + 7,80 shipping = 40,69
    const response = await createPaypal(customer, product.id, 3, 40.69, { promo_code_id: promo.id });
    expect(response.status).toBe(201);
    const { id, order_id } = (await response.json()) as { id: string; order_id: string };
    const sent = paypal.orders.get(id)?.request.purchase_units[0];
    expect(sent?.amount).toEqual({
      currency_code: "EUR",
      value: "40.69",
      breakdown: {
        item_total: { currency_code: "EUR", value: "38.70" },
        shipping: { currency_code: "EUR", value: "7.80" },
        discount: { currency_code: "EUR", value: "5.81" },
      },
    });
    expect(sent?.reference_id).toBe(order_id);
    expect(await stockOf(product.id)).toBe(7);
    expect(await orderOf(order_id)).toMatchObject({
      status: "pending",
      payment_status: "pending",
      payment_method: "paypal",
    });

    paypal.approve(id);
    const captured = await capture(customer, id);
    expect(captured.status).toBe(200);
    const body = (await captured.json()) as {
      purchase_units: { payments: { captures: { status: string }[] } }[];
      payer: { payer_id: string };
      order: Order;
    };
    expect(body.purchase_units[0]?.payments.captures[0]?.status).toBe("COMPLETED");
    expect(body.payer.payer_id).toBe("PAYER7QX9");
    expect(body.order).toMatchObject({
      status: "confirmed",
      payment_status: "completed",
      paypal_payer_id: "PAYER7QX9",
    });
    expect(body.order.paypal_capture_id).toMatch(/^CAP/);
  });

  it("refuses a tampered total before PayPal is asked", async () => {
    const product = await createProduct(ctx.deps, soap);
    const customer = await createCustomer(ctx.deps, ctx.app);
    const before = paypal.orders.size;
    const response = await createPaypal(customer, product.id, 1, 1);
    expect(response.status).toBe(409);
    expect(((await response.json()) as { code: string }).code).toBe("PRICE_CHANGED");
    expect(paypal.orders.size).toBe(before);
    expect(await stockOf(product.id)).toBe(10);
  });

  it("answers 404 to a capture of someone else's order and never calls PayPal for it", async () => {
    const product = await createProduct(ctx.deps, soap);
    const owner = await createCustomer(ctx.deps, ctx.app);
    const thief = await createCustomer(ctx.deps, ctx.app);
    const { id } = (await (await createPaypal(owner, product.id, 1, 20.7)).json()) as { id: string };
    paypal.approve(id);
    const callsBefore = paypal.calls.length;
    const response = await capture(thief, id);
    expect(response.status).toBe(404);
    expect(paypal.calls.slice(callsBefore)).toEqual([]);
    expect(paypal.orders.get(id)?.status).toBe("APPROVED");
  });

  it("charges once when the capture is retried, even in parallel", async () => {
    const product = await createProduct(ctx.deps, soap);
    const customer = await createCustomer(ctx.deps, ctx.app);
    const { id, order_id } = (await (await createPaypal(customer, product.id, 1, 20.7)).json()) as {
      id: string;
      order_id: string;
    };
    paypal.approve(id);
    const chargesBefore = paypal.charges;
    const answers = await Promise.all([capture(customer, id), capture(customer, id), capture(customer, id)]);
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200]);
    expect((await capture(customer, id)).status).toBe(200);
    expect(paypal.charges - chargesBefore).toBe(1);
    expect(await orderOf(order_id)).toMatchObject({ payment_status: "completed", status: "confirmed" });
    expect(await stockOf(product.id)).toBe(9);
  });

  it("marks a declined capture failed and gives the stock and the promo use back", async () => {
    const product = await createProduct(ctx.deps, soap);
    const promo = await createPromo(ctx.deps, {
      code: "REFUS",
      discount_type: "fixed_amount",
      discount_value: 100,
      usage_limit: 1,
    });
    const customer = await createCustomer(ctx.deps, ctx.app);
    const { id, order_id } = (await (
      await createPaypal(customer, product.id, 2, 32.6, { promo_code_id: promo.id })
    ).json()) as {
      id: string;
      order_id: string;
    };
    expect(await stockOf(product.id)).toBe(8);
    expect((await ctx.db.entities.promo.get({ id: promo.id }).go()).data?.usage_count).toBe(1);
    paypal.approve(id);
    paypal.nextCaptureOutcome = "DECLINED";
    const response = await capture(customer, id);
    expect(response.status).toBe(200);
    expect(((await response.json()) as { order: Order }).order).toMatchObject({
      payment_status: "failed",
      status: "cancelled",
    });
    expect(await stockOf(product.id)).toBe(10);
    expect((await ctx.db.entities.promo.get({ id: promo.id }).go()).data?.usage_count).toBe(0);
    expect((await ctx.db.entities.promoUsage.query.byPromo({ promo_id: promo.id }).go()).data).toEqual([]);
    // The promo can be used again today by the same customer.
    expect((await createPaypal(customer, product.id, 2, 32.6, { promo_code_id: promo.id })).status).toBe(201);
    expect(await orderOf(order_id)).toMatchObject({ released_at: expect.any(String) });
  });

  it("keeps a PENDING capture pending, and lets the webhook complete it", async () => {
    const product = await createProduct(ctx.deps, soap);
    const customer = await createCustomer(ctx.deps, ctx.app);
    const { id, order_id } = (await (await createPaypal(customer, product.id, 1, 20.7)).json()) as {
      id: string;
      order_id: string;
    };
    paypal.approve(id);
    paypal.nextCaptureOutcome = "PENDING";
    const body = (await (await capture(customer, id)).json()) as { order: Order };
    expect(body.order).toMatchObject({ payment_status: "pending", status: "pending" });
    // A pending capture is not an abandoned hold.
    offset = 31 * 60_000;
    expect(await releaseExpiredHolds(ctx.deps)).not.toContain(order_id);

    const event = {
      id: `WH-EVT-${order_id}`,
      event_type: "PAYMENT.CAPTURE.COMPLETED",
      resource: {
        id: body.order.paypal_capture_id,
        custom_id: order_id,
        status: "COMPLETED",
        amount: { currency_code: "EUR", value: "20.70" },
      },
    };
    const hook = await ctx.app.request("/api/paypal-payment/webhook", {
      method: "POST",
      headers: paypal.webhookHeaders(event),
      body: JSON.stringify(event),
    });
    expect(hook.status).toBe(200);
    expect(await orderOf(order_id)).toMatchObject({ payment_status: "completed", status: "confirmed" });
  });

  it("refunds a capture of another amount at once, releases the hold and says so in French", async () => {
    const product = await createProduct(ctx.deps, soap);
    const customer = await createCustomer(ctx.deps, ctx.app);
    const { id, order_id } = (await (await createPaypal(customer, product.id, 1, 20.7)).json()) as {
      id: string;
      order_id: string;
    };
    paypal.approve(id);
    paypal.nextCaptureAmount = "20.00";
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    try {
      const response = await capture(customer, id);
      expect(response.status).toBe(502);
      expect(((await response.json()) as { error: string }).error).toMatch(
        /montant différent .* remboursé automatiquement/,
      );
    } finally {
      warn.mockRestore();
    }
    const captureId = paypal.orders.get(id)?.captureId ?? "";
    expect(
      paypal.refunds.filter((refund) => refund.captureId === captureId).map((r) => r.amountCents),
    ).toEqual([2000]);
    expect(await orderOf(order_id)).toMatchObject({ status: "cancelled", payment_status: "failed" });
    expect(await stockOf(product.id)).toBe(10);
  });

  it("answers 402 to a declined card and keeps the hold so the buyer can try another", async () => {
    const product = await createProduct(ctx.deps, soap);
    const customer = await createCustomer(ctx.deps, ctx.app);
    const { id, order_id } = (await (await createPaypal(customer, product.id, 1, 20.7)).json()) as {
      id: string;
      order_id: string;
    };
    paypal.approve(id);
    paypal.nextCaptureOutcome = "INSTRUMENT_DECLINED";
    expect((await capture(customer, id)).status).toBe(402);
    expect(await orderOf(order_id)).toMatchObject({ payment_status: "pending" });
    paypal.nextCaptureOutcome = "COMPLETED";
    const retried = (await (await capture(customer, id)).json()) as { order: Order };
    expect(retried.order.payment_status).toBe("completed");
  });
});

describe("webhooks", () => {
  async function pendingOrder() {
    const product = await createProduct(ctx.deps, soap);
    const customer = await createCustomer(ctx.deps, ctx.app);
    const { order_id } = (await (await createPaypal(customer, product.id, 1, 20.7)).json()) as {
      order_id: string;
    };
    return { product, order_id };
  }
  const deliver = (event: object, options?: { forge?: boolean }) =>
    ctx.app.request("/api/paypal-payment/webhook", {
      method: "POST",
      headers: paypal.webhookHeaders(event, options),
      body: JSON.stringify(event),
    });
  const completed = (orderId: string, eventId: string) => ({
    id: eventId,
    event_type: "PAYMENT.CAPTURE.COMPLETED",
    resource: {
      id: "CAPWEBHOOK",
      custom_id: orderId,
      status: "COMPLETED",
      amount: { currency_code: "EUR", value: "20.70" },
    },
  });

  it("refuses a forged signature and changes nothing", async () => {
    const { order_id } = await pendingOrder();
    const response = await deliver(completed(order_id, "WH-FORGED-1"), { forge: true });
    expect(response.status).toBe(403);
    expect(await orderOf(order_id)).toMatchObject({ payment_status: "pending" });
    const unsigned = await ctx.app.request("/api/paypal-payment/webhook", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(completed(order_id, "WH-FORGED-2")),
    });
    expect(unsigned.status).toBe(403);
    expect(await orderOf(order_id)).toMatchObject({ payment_status: "pending" });
  });

  it("applies the same event delivered 5 times once", async () => {
    const { order_id } = await pendingOrder();
    const event = completed(order_id, `WH-DUP-${order_id}`);
    const outcomes = [];
    for (let i = 0; i < 5; i++)
      outcomes.push(((await (await deliver(event)).json()) as { outcome: string }).outcome);
    expect(outcomes).toEqual(["applied", "duplicate", "duplicate", "duplicate", "duplicate"]);
    const order = await orderOf(order_id);
    expect(order?.status_history.filter((entry) => entry.status === "confirmed")).toHaveLength(1);
  });

  it("applies PayPal's retry of an event whose first delivery failed while being applied", async () => {
    const { order_id } = await pendingOrder();
    const event = completed(order_id, `WH-RETRY-${order_id}`);
    // The first delivery reaches a database that fails every transaction (throttled, or down for a moment).
    const broken: Deps = {
      ...ctx.deps,
      db: {
        ...ctx.db,
        service: {
          ...ctx.db.service,
          transaction: {
            ...ctx.db.service.transaction,
            write: () => ({
              go: () => Promise.reject(new Error("Service DynamoDB momentanément indisponible")),
            }),
          },
        } as unknown as Deps["db"]["service"],
      },
    };
    const signed = paypal.webhookHeaders(event);
    const headers = {
      transmissionId: signed["paypal-transmission-id"] ?? "",
      transmissionTime: signed["paypal-transmission-time"] ?? "",
      transmissionSig: signed["paypal-transmission-sig"] ?? "",
      certUrl: signed["paypal-cert-url"] ?? "",
      authAlgo: signed["paypal-auth-algo"] ?? "",
    };
    await expect(handlePaypalWebhook(broken, headers, event)).rejects.toThrow("momentanément indisponible");
    expect(await orderOf(order_id)).toMatchObject({ payment_status: "pending" });

    const retried = (await (await deliver(event)).json()) as { outcome: string };
    expect(retried.outcome).toBe("applied");
    expect(await orderOf(order_id)).toMatchObject({ payment_status: "completed", status: "confirmed" });
    expect(((await (await deliver(event)).json()) as { outcome: string }).outcome).toBe("duplicate");
  });

  it("ignores a COMPLETED event for another amount", async () => {
    const { order_id } = await pendingOrder();
    const event = {
      ...completed(order_id, `WH-AMOUNT-${order_id}`),
      resource: { ...completed(order_id, "x").resource, amount: { currency_code: "EUR", value: "0.01" } },
    };
    expect(((await (await deliver(event)).json()) as { outcome: string }).outcome).toBe("ignored");
    expect(await orderOf(order_id)).toMatchObject({ payment_status: "pending" });
  });

  it("is harmless in any order: REFUNDED, then a late COMPLETED, then DENIED", async () => {
    const { product, order_id } = await pendingOrder();
    await deliver(completed(order_id, `WH-C-${order_id}`));
    await deliver({
      id: `WH-R-${order_id}`,
      event_type: "PAYMENT.CAPTURE.REFUNDED",
      resource: { id: "R1", custom_id: order_id },
    });
    await deliver(completed(order_id, `WH-C2-${order_id}`));
    await deliver({
      id: `WH-D-${order_id}`,
      event_type: "PAYMENT.CAPTURE.DENIED",
      resource: { id: "D1", custom_id: order_id },
    });
    // Refunded in full before it was shipped: the order is cancelled, its stock comes back and the invoice is
    // cancelled by a credit note, once; neither the late COMPLETED nor the DENIED changes anything after that.
    const order = await orderOf(order_id);
    expect(order).toMatchObject({ payment_status: "refunded", status: "cancelled" });
    expect(order?.invoice_number).toMatch(/^FA-/);
    expect(order?.credit_note_number).toMatch(/^AV-/);
    expect(await stockOf(product.id)).toBe(10);
  });

  it("records a full refund of a shipped order with a credit note, without putting the goods back in stock", async () => {
    const { product, order_id } = await pendingOrder();
    await deliver(completed(order_id, `WH-C-${order_id}`));
    await ctx.db.entities.order.patch({ id: order_id }).set({ status: "shipped" }).go();
    const refunded = {
      id: `WH-R-${order_id}`,
      event_type: "PAYMENT.CAPTURE.REFUNDED",
      resource: { id: "R2", custom_id: order_id, amount: { currency_code: "EUR", value: "20.70" } },
    };
    await deliver(refunded);
    await deliver({ ...refunded, id: `${refunded.id}-again` });
    const order = await orderOf(order_id);
    expect(order).toMatchObject({ payment_status: "refunded", status: "shipped" });
    expect(order?.credit_note_number).toMatch(/^AV-/);
    expect(await stockOf(product.id)).toBe(9);
  });

  it("never takes a partial refund for a full one", async () => {
    const { order_id } = await pendingOrder();
    await deliver(completed(order_id, `WH-C-${order_id}`));
    const partial = await deliver({
      id: `WH-RP-${order_id}`,
      event_type: "PAYMENT.CAPTURE.REFUNDED",
      resource: { id: "R3", custom_id: order_id, amount: { currency_code: "EUR", value: "5.00" } },
    });
    expect(partial.status).toBe(200);
    const order = await orderOf(order_id);
    expect(order).toMatchObject({ payment_status: "completed", status: "confirmed" });
    expect(order?.credit_note_number).toBeUndefined();
  });

  it("releases the hold once on DENIED", async () => {
    const { product, order_id } = await pendingOrder();
    const denied = {
      id: `WH-DENIED-${order_id}`,
      event_type: "PAYMENT.CAPTURE.DENIED",
      resource: { id: "D2", custom_id: order_id },
    };
    await deliver(denied);
    await deliver({ ...denied, id: `${denied.id}-again` });
    expect(await orderOf(order_id)).toMatchObject({ payment_status: "failed", status: "cancelled" });
    expect(await stockOf(product.id)).toBe(10);
  });
});

describe("holds", () => {
  it("releases a hold never captured after 30 minutes, exactly once", async () => {
    const product = await createProduct(ctx.deps, soap);
    const customer = await createCustomer(ctx.deps, ctx.app);
    const { order_id } = (await (await createPaypal(customer, product.id, 4, 59.4)).json()) as {
      order_id: string;
    };
    expect(await stockOf(product.id)).toBe(6);

    offset = 29 * 60_000;
    expect(await releaseExpiredHolds(ctx.deps)).not.toContain(order_id);
    offset = 31 * 60_000;
    const [first, second] = await Promise.all([releaseExpiredHolds(ctx.deps), releaseExpiredHolds(ctx.deps)]);
    expect([...(first ?? []), ...(second ?? [])].filter((id) => id === order_id)).toHaveLength(1);
    expect(await releaseExpiredHolds(ctx.deps)).not.toContain(order_id);
    expect(await stockOf(product.id)).toBe(10);
    expect(await orderOf(order_id)).toMatchObject({ status: "cancelled", payment_status: "failed" });
  });

  it("refuses to capture a released hold", async () => {
    const product = await createProduct(ctx.deps, soap);
    const customer = await createCustomer(ctx.deps, ctx.app);
    const { id } = (await (await createPaypal(customer, product.id, 1, 20.7)).json()) as { id: string };
    paypal.approve(id);
    offset = 31 * 60_000;
    await releaseExpiredHolds(ctx.deps);
    const response = await capture(customer, id);
    expect(response.status).toBe(409);
    expect(paypal.orders.get(id)?.status).toBe("APPROVED");
  });
});

describe("the buyer closes or cancels PayPal's window", () => {
  const release = (customer: TestCustomer, paypalOrderId: string) =>
    customer.call("POST", `/api/paypal-payment/orders/${encodeURIComponent(paypalOrderId)}/release`, {});
  const oneUsePerDay = (code: string) =>
    createPromo(ctx.deps, { code, discount_type: "fixed_amount", discount_value: 100, max_uses_per_user: 1 });
  const usageCount = async (promoId: string) =>
    (await ctx.db.entities.promo.get({ id: promoId }).go()).data?.usage_count;

  it("releases the caller's own pending order at once (stock and promo use back); a second call changes nothing", async () => {
    const product = await createProduct(ctx.deps, soap);
    const promo = await oneUsePerDay("FENETRE");
    const customer = await createCustomer(ctx.deps, ctx.app);
    const created = await createPaypal(customer, product.id, 2, 32.6, { promo_code_id: promo.id });
    const { id, order_id } = (await created.json()) as { id: string; order_id: string };
    expect(await stockOf(product.id)).toBe(8);
    expect(await usageCount(promo.id)).toBe(1);

    const first = await release(customer, id);
    expect(first.status).toBe(200);
    expect(await first.json()).toMatchObject({
      outcome: "released",
      order: { id: order_id, status: "cancelled", payment_status: "failed" },
    });
    expect(await stockOf(product.id)).toBe(10);
    expect(await usageCount(promo.id)).toBe(0);

    const version = (await orderOf(order_id))?.version;
    const second = await release(customer, id);
    expect(second.status).toBe(200);
    expect(await second.json()).toMatchObject({
      outcome: "already_released",
      order: { status: "cancelled" },
    });
    expect((await orderOf(order_id))?.version).toBe(version);
    expect(await stockOf(product.id)).toBe(10);
    expect(await usageCount(promo.id)).toBe(0);
  });

  it("answers 404 for someone else's order exactly like a made-up id, and changes nothing", async () => {
    const product = await createProduct(ctx.deps, soap);
    const owner = await createCustomer(ctx.deps, ctx.app);
    const other = await createCustomer(ctx.deps, ctx.app);
    const { id, order_id } = (await (await createPaypal(owner, product.id, 1, 20.7)).json()) as {
      id: string;
      order_id: string;
    };
    const theirs = await release(other, id);
    const madeUp = await release(other, "5O190127TN364715T");
    expect(theirs.status).toBe(404);
    expect(madeUp.status).toBe(404);
    expect(await theirs.json()).toEqual(await madeUp.json());
    expect(await orderOf(order_id)).toMatchObject({ status: "pending", payment_status: "pending" });
    expect(await stockOf(product.id)).toBe(9);
    const anonymous = await ctx.app.request(`/api/paypal-payment/orders/${id}/release`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{}",
    });
    expect(anonymous.status).toBe(401);
  });

  it("leaves a paid order paid and says so (no 500)", async () => {
    const product = await createProduct(ctx.deps, soap);
    const customer = await createCustomer(ctx.deps, ctx.app);
    const { id, order_id } = (await (await createPaypal(customer, product.id, 1, 20.7)).json()) as {
      id: string;
      order_id: string;
    };
    paypal.approve(id);
    expect((await capture(customer, id)).status).toBe(200);
    const response = await release(customer, id);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      outcome: "paid",
      message: expect.stringMatching(/déjà enregistré/),
      order: { status: "confirmed", payment_status: "completed" },
    });
    expect(await orderOf(order_id)).toMatchObject({ status: "confirmed", payment_status: "completed" });
    expect(await stockOf(product.id)).toBe(9);
  });

  it("accepts a one-use-per-day promo code again on the retry after the window was closed", async () => {
    const product = await createProduct(ctx.deps, soap);
    const promo = await oneUsePerDay("UNEFOIS");
    const customer = await createCustomer(ctx.deps, ctx.app);
    const first = (await (
      await createPaypal(customer, product.id, 2, 32.6, { promo_code_id: promo.id })
    ).json()) as {
      id: string;
    };
    expect((await release(customer, first.id)).status).toBe(200);
    const retry = await createPaypal(customer, product.id, 2, 32.6, { promo_code_id: promo.id });
    expect(retry.status).toBe(201);
    expect(await usageCount(promo.id)).toBe(1);
    expect(await stockOf(product.id)).toBe(8);
  });

  it("a new checkout after a cart edit releases the pending hold instead of holding a second order", async () => {
    const product = await createProduct(ctx.deps, soap);
    const promo = await oneUsePerDay("PANIER");
    const customer = await createCustomer(ctx.deps, ctx.app);
    const first = (await (
      await createPaypal(customer, product.id, 1, 19.7, { promo_code_id: promo.id })
    ).json()) as {
      order_id: string;
    };
    expect(await stockOf(product.id)).toBe(9);
    // The window was closed without a word (no onCancel): the cart is edited and the checkout started again.
    const second = await createPaypal(customer, product.id, 3, 45.5, { promo_code_id: promo.id });
    expect(second.status).toBe(201);
    const { order_id } = (await second.json()) as { order_id: string };
    expect(await orderOf(first.order_id)).toMatchObject({ status: "cancelled", payment_status: "failed" });
    expect(await stockOf(product.id)).toBe(7);
    expect(await usageCount(promo.id)).toBe(1);
    const { data } = await ctx.db.entities.order.query.byUser({ user_id: customer.id }).go();
    expect(data.filter((order) => order.status === "pending").map((order) => order.id)).toEqual([order_id]);
  });

  it("a retried create (same Idempotency-Key) answers the same PayPal order and releases nothing", async () => {
    const product = await createProduct(ctx.deps, soap);
    const customer = await createCustomer(ctx.deps, ctx.app);
    const key = { "idempotency-key": `retry-${Date.now()}-abcdef` };
    const body = {
      items: [{ product_id: product.id, quantity: 1 }],
      shipping_address_id: customer.addressId,
      total_amount: 20.7,
    };
    const first = await customer.call("POST", "/api/paypal-payment/create-order", body, key);
    const again = await customer.call("POST", "/api/paypal-payment/create-order", body, key);
    const [a, b] = (await Promise.all([first.json(), again.json()])) as { id: string; order_id: string }[];
    expect(b).toEqual(a);
    expect(await orderOf(a?.order_id ?? "")).toMatchObject({ status: "pending", payment_status: "pending" });
    expect(await stockOf(product.id)).toBe(9);
    // Once released, the same attempt cannot be reopened: the checkout starts a new one.
    await release(customer, a?.id ?? "");
    const reopened = await customer.call("POST", "/api/paypal-payment/create-order", body, key);
    expect(reopened.status).toBe(409);
    expect(((await reopened.json()) as { error: string }).error).toMatch(/relancez le paiement/);
    expect(await stockOf(product.id)).toBe(10);
  });
});

describe("an Idempotency-Key reused for another request (issue 28, item 4)", () => {
  it("answers 422 to a create with another cart, and to a bank-transfer order under the same key; the hold stays", async () => {
    const product = await createProduct(ctx.deps, soap);
    const customer = await createCustomer(ctx.deps, ctx.app);
    const key = { "idempotency-key": `reused-${Date.now()}-abcdef` };
    const body = {
      items: [{ product_id: product.id, quantity: 1 }],
      shipping_address_id: customer.addressId,
      total_amount: 20.7,
    };
    const first = await customer.call("POST", "/api/paypal-payment/create-order", body, key);
    expect(first.status).toBe(201);
    const { order_id } = (await first.json()) as { order_id: string };

    const changed = await customer.call(
      "POST",
      "/api/paypal-payment/create-order",
      { ...body, items: [{ product_id: product.id, quantity: 2 }], total_amount: 33.6 },
      key,
    );
    expect(changed.status).toBe(422);
    expect(await changed.json()).toMatchObject({ code: "IDEMPOTENCY_KEY_REUSED" });
    const transfer = await customer.call(
      "POST",
      "/api/orders",
      { ...body, payment_method: "bank_transfer", transfer_sender_name: "Lina Moreau" },
      key,
    );
    expect(transfer.status).toBe(422);
    // The first attempt is untouched: its hold is still pending, its stock still taken.
    expect(await orderOf(order_id)).toMatchObject({ status: "pending", payment_status: "pending" });
    expect(await stockOf(product.id)).toBe(9);
  });
});

describe("a capture in flight", () => {
  const minutes = (n: number) => n * 60_000;
  const AUTO_REFUNDED =
    "Le délai de paiement de cette commande a expiré : votre paiement a été remboursé automatiquement. Votre panier est toujours là.";

  it("is left alone by the hold job: the capture completes and the order is paid", async () => {
    const product = await createProduct(ctx.deps, soap);
    const customer = await createCustomer(ctx.deps, ctx.app);
    const { id, order_id } = (await (await createPaypal(customer, product.id, 1, 20.7)).json()) as {
      id: string;
      order_id: string;
    };
    paypal.approve(id);
    // The buyer approves after 25 minutes; while PayPal captures, the 30 minutes pass and the job runs.
    offset = minutes(25);
    let releasedMeanwhile: string[] = [];
    paypal.beforeCapture = async () => {
      offset = minutes(31);
      releasedMeanwhile = await releaseExpiredHolds(ctx.deps);
    };
    const response = await capture(customer, id);
    expect(releasedMeanwhile).not.toContain(order_id);
    expect(response.status).toBe(200);
    expect(((await response.json()) as { order: Order }).order).toMatchObject({
      status: "confirmed",
      payment_status: "completed",
    });
    expect(await stockOf(product.id)).toBe(9);
  });

  it("that completes at PayPal for an order already released is refunded at once, logged and answered as a failure", async () => {
    const product = await createProduct(ctx.deps, soap);
    const customer = await createCustomer(ctx.deps, ctx.app);
    const { id, order_id } = (await (await createPaypal(customer, product.id, 1, 20.7)).json()) as {
      id: string;
      order_id: string;
    };
    paypal.approve(id);
    // PayPal takes so long that the hold is released while it captures (the job asked PayPal: not captured yet).
    paypal.beforeCapture = async () => {
      offset = minutes(45);
      await releaseExpiredHolds(ctx.deps);
    };
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    try {
      const response = await capture(customer, id);
      paypal.beforeCapture = undefined;
      expect(response.status).toBe(409);
      const body = (await response.json()) as { error: string; status?: string };
      expect(body.error).toBe(AUTO_REFUNDED);
      expect(JSON.stringify(body)).not.toContain("COMPLETED");

      const captureId = paypal.orders.get(id)?.captureId ?? "";
      expect(paypal.captures.get(captureId)?.status).toBe("REFUNDED");
      const refunds = paypal.refunds.filter((refund) => refund.captureId === captureId);
      expect(refunds).toEqual([
        expect.objectContaining({ amountCents: 2070, requestId: `auto-refund-${captureId}` }),
      ]);
      expect(await orderOf(order_id)).toMatchObject({
        status: "cancelled",
        payment_status: "failed",
        paypal_capture_id: captureId,
        auto_refund_id: refunds[0]?.id,
      });
      // The owner's order card says so (the API's order carries the refund).
      expect(
        toOrder((await orderOf(order_id)) as NonNullable<Awaited<ReturnType<typeof orderOf>>>),
      ).toMatchObject({
        auto_refund_id: refunds[0]?.id,
      });
      expect(await stockOf(product.id)).toBe(10);
      expect(warn).toHaveBeenCalledWith(expect.stringContaining(order_id));
      expect(warn).toHaveBeenCalledWith(expect.stringContaining(captureId));

      // The buyer tries again: the same failure, never a second refund.
      const again = await capture(customer, id);
      expect(again.status).toBe(409);
      expect(((await again.json()) as { error: string }).error).toBe(AUTO_REFUNDED);
      expect(paypal.refunds.filter((refund) => refund.captureId === captureId)).toHaveLength(1);
    } finally {
      warn.mockRestore();
    }
  });

  it("a COMPLETED webhook for an order cancelled meanwhile refunds the capture once", async () => {
    const product = await createProduct(ctx.deps, soap);
    const customer = await createCustomer(ctx.deps, ctx.app);
    const { id, order_id } = (await (await createPaypal(customer, product.id, 1, 20.7)).json()) as {
      id: string;
      order_id: string;
    };
    paypal.approve(id);
    paypal.nextCaptureOutcome = "PENDING";
    await capture(customer, id);
    const captureId = paypal.orders.get(id)?.captureId ?? "";
    // The owner cancels the unpaid order; then the pending payment clears at PayPal.
    await moveOrder(ctx.deps, order_id, { commands: ["cancel"], refused: "throw" });
    paypal.completePending(captureId);
    const event = {
      id: `WH-LATE-${order_id}`,
      event_type: "PAYMENT.CAPTURE.COMPLETED",
      resource: {
        id: captureId,
        custom_id: order_id,
        status: "COMPLETED",
        amount: { currency_code: "EUR", value: "20.70" },
      },
    };
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    try {
      const deliver = async () =>
        (await (
          await ctx.app.request("/api/paypal-payment/webhook", {
            method: "POST",
            headers: paypal.webhookHeaders(event),
            body: JSON.stringify(event),
          })
        ).json()) as { outcome: string };
      expect((await deliver()).outcome).toBe("refunded");
      expect((await deliver()).outcome).toBe("duplicate");
    } finally {
      warn.mockRestore();
    }
    const refunds = paypal.refunds.filter((refund) => refund.captureId === captureId);
    expect(refunds).toHaveLength(1);
    expect(await orderOf(order_id)).toMatchObject({
      status: "cancelled",
      payment_status: "failed",
      auto_refund_id: refunds[0]?.id,
    });
  });
});

describe("the nightly reconciliation", () => {
  const minutes = (n: number) => n * 60_000;
  /** The shop's own PayPal client, for what happened at PayPal without the shop hearing of it. */
  const direct = () =>
    new PaypalClient({ baseUrl: paypal.url, clientId: paypal.clientId, clientSecret: paypal.clientSecret });
  async function hold(quantity = 1, total = 20.7) {
    const product = await createProduct(ctx.deps, soap);
    const customer = await createCustomer(ctx.deps, ctx.app);
    const created = (await (await createPaypal(customer, product.id, quantity, total)).json()) as {
      id: string;
      order_id: string;
    };
    return { product, customer, ...created };
  }
  /** PayPal captured, but its answer never reached the shop (timeout, closed tab). */
  async function capturedBehindOurBack(id: string) {
    paypal.approve(id);
    const result = await direct().captureOrder(id, `lost-answer-${id}`);
    return result.purchase_units[0]?.payments?.captures?.[0]?.id ?? "";
  }

  it("pays an order PayPal captured without the shop hearing of it, once", async () => {
    const { product, id, order_id } = await hold();
    const captureId = await capturedBehindOurBack(id);
    offset = minutes(31);
    const first = await reconcilePaypalOrders(ctx.deps);
    expect(first.settled.paid).toContain(order_id);
    const order = await orderOf(order_id);
    expect(order).toMatchObject({
      status: "confirmed",
      payment_status: "completed",
      paypal_capture_id: captureId,
    });
    expect(order?.invoice_number).toMatch(/^FA-/);
    expect(await stockOf(product.id)).toBe(9);
    const again = await reconcilePaypalOrders(ctx.deps);
    expect(Object.values(again.settled).flat()).not.toContain(order_id);
    expect((await orderOf(order_id))?.version).toBe(order?.version);
  });

  it("leaves orders still within the hold time alone", async () => {
    const { id, order_id } = await hold();
    await capturedBehindOurBack(id);
    offset = minutes(29);
    const result = await reconcilePaypalOrders(ctx.deps);
    expect(Object.values(result.settled).flat()).not.toContain(order_id);
    expect(await orderOf(order_id)).toMatchObject({ status: "pending", payment_status: "pending" });
  });

  it("records a capture refunded at PayPal since: paid, then refunded with a credit note, stock back", async () => {
    const { product, id, order_id } = await hold();
    const captureId = await capturedBehindOurBack(id);
    await direct().refundCapture(captureId, { currency: "EUR", requestId: `dashboard-${captureId}` });
    offset = minutes(31);
    expect((await reconcilePaypalOrders(ctx.deps)).settled.refunded).toContain(order_id);
    const order = await orderOf(order_id);
    expect(order).toMatchObject({ status: "cancelled", payment_status: "refunded" });
    expect(order?.invoice_number).toMatch(/^FA-/);
    expect(order?.credit_note_number).toMatch(/^AV-/);
    expect(await stockOf(product.id)).toBe(10);
  });

  it("releases an order PayPal never captured (not approved, or approved and abandoned)", async () => {
    const never = await hold();
    const abandoned = await hold();
    paypal.approve(abandoned.id);
    offset = minutes(31);
    const result = await reconcilePaypalOrders(ctx.deps);
    expect(result.settled.released).toEqual(expect.arrayContaining([never.order_id, abandoned.order_id]));
    for (const { order_id, product } of [never, abandoned]) {
      expect(await orderOf(order_id)).toMatchObject({ status: "cancelled", payment_status: "failed" });
      expect(await stockOf(product.id)).toBe(10);
    }
  });

  it("refunds and releases a capture of another amount than our total", async () => {
    const { product, id, order_id } = await hold();
    paypal.nextCaptureAmount = "1.00";
    const captureId = await capturedBehindOurBack(id);
    offset = minutes(31);
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    try {
      expect((await reconcilePaypalOrders(ctx.deps)).settled.auto_refunded).toContain(order_id);
      await reconcilePaypalOrders(ctx.deps);
    } finally {
      warn.mockRestore();
    }
    expect(paypal.refunds.filter((r) => r.captureId === captureId).map((r) => r.amountCents)).toEqual([100]);
    expect(await orderOf(order_id)).toMatchObject({ status: "cancelled", payment_status: "failed" });
    expect(await stockOf(product.id)).toBe(10);
  });

  it("refunds a capture that completed for an order released while it was in flight, and only once", async () => {
    const { id, order_id } = await hold();
    // The shop started a capture, never heard back, and the order was released; PayPal had captured.
    await changeOrder(ctx.deps, order_id, () => ({ set: { capture_started_at: new Date().toISOString() } }));
    const captureId = await capturedBehindOurBack(id);
    await moveOrder(ctx.deps, order_id, { commands: ["expire"], refused: "throw" });
    offset = minutes(31);
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    try {
      expect((await reconcilePaypalOrders(ctx.deps)).settled.auto_refunded).toContain(order_id);
      const again = await reconcilePaypalOrders(ctx.deps);
      expect(Object.values(again.settled).flat()).not.toContain(order_id);
      expect(warn).toHaveBeenCalledWith(expect.stringContaining(captureId));
    } finally {
      warn.mockRestore();
    }
    const refunds = paypal.refunds.filter((r) => r.captureId === captureId);
    expect(refunds).toHaveLength(1);
    expect(await orderOf(order_id)).toMatchObject({
      payment_status: "failed",
      auto_refund_id: refunds[0]?.id,
    });
  });

  it("leaves a PENDING capture waiting for its webhook", async () => {
    const { customer, id, order_id } = await hold();
    paypal.approve(id);
    paypal.nextCaptureOutcome = "PENDING";
    await capture(customer, id);
    offset = minutes(60 * 5);
    expect((await reconcilePaypalOrders(ctx.deps)).settled.waiting).toContain(order_id);
    expect(await orderOf(order_id)).toMatchObject({ status: "pending", payment_status: "pending" });
  });

  it("the scheduled job runs it and reports what it settled", async () => {
    const { id, order_id } = await hold();
    await capturedBehindOurBack(id);
    offset = minutes(31);
    const info = vi.spyOn(console, "info").mockImplementation(() => undefined);
    try {
      const result = await reconcileJob(ctx.deps);
      expect(result.settled.paid).toContain(order_id);
      expect(info).toHaveBeenCalledWith(expect.stringContaining(order_id));
    } finally {
      info.mockRestore();
    }
  });
});

describe("creating a PayPal order proves the session as a bank-transfer order does (issue 29)", () => {
  it("a token that proves nothing: 401, nothing held, PayPal not called", async () => {
    const product = await createProduct(ctx.deps, soap);
    const customer = await createCustomer(ctx.deps, ctx.app);
    const forged = { ...customer, call: apiCaller(ctx.app, `${customer.id}.not-the-secret`) };
    const created = paypal.orders.size;
    const response = await createPaypal(forged, product.id, 1, 20.7);
    expect(response.status).toBe(401);
    expect(await stockOf(product.id)).toBe(10);
    expect(paypal.orders.size).toBe(created);
  });

  it("a new attempt for the units the customer's own earlier hold took: given up first, then sold again", async () => {
    const product = await createProduct(ctx.deps, { ...soap, stock: 2 });
    const customer = await createCustomer(ctx.deps, ctx.app);
    const first = (await (await createPaypal(customer, product.id, 2, 33.6)).json()) as { order_id: string };
    expect(await stockOf(product.id)).toBe(0);
    // The round read 0 units left; the earlier hold's 2 come back before the order is decided.
    const second = await createPaypal(customer, product.id, 2, 33.6);
    expect(second.status, await second.clone().text()).toBe(201);
    expect(await orderOf(first.order_id)).toMatchObject({ status: "cancelled", payment_status: "failed" });
    expect(await stockOf(product.id)).toBe(0);
  });
});
