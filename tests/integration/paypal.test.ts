import { TransactWriteCommand } from "@aws-sdk/lib-dynamodb";
import { beforeAll, beforeEach, describe, expect, it, type MockInstance, vi } from "vitest";
import { productEntity } from "../../functions/catalog/product-entity";
import { changeOrder } from "../../functions/orders/changes";
import { orderEntity } from "../../functions/orders/entity";
import { moveOrder } from "../../functions/orders/lifecycle";
import { toOrder } from "../../functions/orders/service";
import { reconcile as reconcileJob } from "../../functions/payments/jobs/reconcile-paypal";
import { handlePaypalWebhook } from "../../functions/payments/paypal-checkout/webhook";
import { reconcilePaypalOrders, releaseExpiredHolds } from "../../functions/payments/paypal-holds";
import { putPaypalSetting } from "../../functions/payments/paypal-secret";
import { PaypalClient } from "../../functions/platform/adapters/paypal/client";
import type { Deps } from "../../functions/platform/deps";
import { promoEntity, promoUsageEntity } from "../../functions/promos/entity";
import { createPromo } from "../../functions/promos/service";
import type { Order } from "../../src/domain/orders/order";
import { defaultSettings } from "../../src/domain/settings/settings";
import type { PaypalDouble } from "../doubles/paypal";
import { createTestContext } from "../setup/test-db";
import { apiCaller, createCustomer, type TestCustomer } from "../support/customers";
import { withPaypalDouble } from "../support/paypal";
import { createSoap } from "../support/products";

let offset = 0;
const ctx = await createTestContext({ now: () => new Date(Date.now() + offset) });
const paypalDouble = withPaypalDouble(ctx.deps);
let paypal: PaypalDouble;

beforeAll(() => {
  paypal = paypalDouble.double;
});
beforeEach(() => {
  offset = 0;
  paypal.nextCaptureOutcome = "COMPLETED";
  paypal.beforeCapture = undefined;
});

const minutes = (n: number) => n * 60_000;
const stockOf = async (id: number) => (await productEntity(ctx.db).get({ id }).go()).data?.stock;
const orderOf = async (id: string) => (await orderEntity(ctx.db).get({ id }).go()).data;
/** 10 soaps at 12,90 €: one costs 20,70 € with the 7,80 € shipping. */
const soap = (stock = 10) => createSoap(ctx.deps, { price: 12.9, stock, lowStockThreshold: 3 });
/** A promo of 1 € off, with the limits a test needs. */
const euroOff = (code: string, limits: { usage_limit?: number; max_uses_per_user?: number }) =>
  createPromo(ctx.deps, { code, discount_type: "fixed_amount", discount_value: 100, ...limits });

/** What the checkout sends for one product: the cart, the address, the total the buyer saw. */
const cartBody = (customer: TestCustomer, productId: number, quantity: number, total: number) => ({
  items: [{ product_id: productId, quantity }],
  shipping_address_id: customer.addressId,
  total_amount: total,
});
const createPaypalWith = (customer: TestCustomer, body: object, headers?: Record<string, string>) =>
  customer.call("POST", "/api/paypal-payment/create-order", body, headers);
const createPaypal = (
  customer: TestCustomer,
  productId: number,
  quantity: number,
  total: number,
  extra = {},
) =>
  createPaypalWith(customer, {
    ...cartBody(customer, productId, quantity, total),
    amount: total.toFixed(2),
    currency: "EUR",
    ...extra,
  });
const capture = (customer: TestCustomer, orderID: string) =>
  customer.call("POST", "/api/paypal-payment/capture-order", { orderID });
const orderIn = async (response: Response) => ((await response.json()) as { order: Order }).order;

/**
 * A new customer's PayPal order for a new soap: created at PayPal and held in the shop (stock taken), not yet
 * approved. `id` is PayPal's order id, `order_id` the shop's.
 */
async function hold({ quantity = 1, total = 20.7, promoId = "", stock = 10 } = {}) {
  const product = await soap(stock);
  const customer = await createCustomer(ctx.deps, ctx.app);
  const promo = promoId ? { promo_code_id: promoId } : {};
  const response = await createPaypal(customer, product.id, quantity, total, promo);
  expect(response.status).toBe(201);
  const created = (await response.json()) as { id: string; order_id: string };
  return { product, customer, ...created };
}

/** PayPal's webhook, signed by the double (or forged). */
const deliver = (event: object, options?: { forge?: boolean }) =>
  ctx.app.request("/api/paypal-payment/webhook", {
    method: "POST",
    headers: paypal.webhookHeaders(event, options),
    body: JSON.stringify(event),
  });
const outcomeOf = async (response: Response) => ((await response.json()) as { outcome: string }).outcome;
/** PAYMENT.CAPTURE.COMPLETED for the shop's order, of 20,70 € unless told. */
const completedEvent = (orderId: string, eventId: string, captureId = "CAPWEBHOOK", value = "20.70") => ({
  id: eventId,
  event_type: "PAYMENT.CAPTURE.COMPLETED",
  resource: {
    id: captureId,
    custom_id: orderId,
    status: "COMPLETED",
    amount: { currency_code: "EUR", value },
  },
});

/** Runs `run` with console.warn silenced and spied on (the shop warns of every automatic refund). */
async function withWarnings<T>(run: (warn: MockInstance<typeof console.warn>) => Promise<T>): Promise<T> {
  const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
  try {
    return await run(warn);
  } finally {
    warn.mockRestore();
  }
}

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
      await paypalDouble.configure();
    }
  });
});

describe("create, approve, capture", () => {
  it("asks PayPal for exactly the server's total with a breakdown that adds up, and holds the stock", async () => {
    const product = await soap();
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
    const product = await soap();
    const customer = await createCustomer(ctx.deps, ctx.app);
    const before = paypal.orders.size;
    const response = await createPaypal(customer, product.id, 1, 1);
    expect(response.status).toBe(409);
    expect(((await response.json()) as { code: string }).code).toBe("PRICE_CHANGED");
    expect(paypal.orders.size).toBe(before);
    expect(await stockOf(product.id)).toBe(10);
  });

  it("answers 404 to a capture of someone else's order and never calls PayPal for it", async () => {
    const { id } = await hold();
    paypal.approve(id);
    const thief = await createCustomer(ctx.deps, ctx.app);
    const callsBefore = paypal.calls.length;
    const response = await capture(thief, id);
    expect(response.status).toBe(404);
    expect(paypal.calls.slice(callsBefore)).toEqual([]);
    expect(paypal.orders.get(id)?.status).toBe("APPROVED");
  });

  it("charges once when the capture is retried, even in parallel", async () => {
    const { product, customer, id, order_id } = await hold();
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
    const promo = await euroOff("REFUS", { usage_limit: 1 });
    const { product, customer, id, order_id } = await hold({ quantity: 2, total: 32.6, promoId: promo.id });
    expect(await stockOf(product.id)).toBe(8);
    expect((await promoEntity(ctx.db).get({ id: promo.id }).go()).data?.usage_count).toBe(1);
    paypal.approve(id);
    paypal.nextCaptureOutcome = "DECLINED";
    const response = await capture(customer, id);
    expect(response.status).toBe(200);
    expect(await orderIn(response)).toMatchObject({ payment_status: "failed", status: "cancelled" });
    expect(await stockOf(product.id)).toBe(10);
    expect((await promoEntity(ctx.db).get({ id: promo.id }).go()).data?.usage_count).toBe(0);
    expect((await promoUsageEntity(ctx.db).query.byPromo({ promo_id: promo.id }).go()).data).toEqual([]);
    // The promo can be used again today by the same customer.
    expect((await createPaypal(customer, product.id, 2, 32.6, { promo_code_id: promo.id })).status).toBe(201);
    expect(await orderOf(order_id)).toMatchObject({ released_at: expect.any(String) });
  });

  it("keeps a PENDING capture pending, and lets the webhook complete it", async () => {
    const { customer, id, order_id } = await hold();
    paypal.approve(id);
    paypal.nextCaptureOutcome = "PENDING";
    const pending = await orderIn(await capture(customer, id));
    expect(pending).toMatchObject({ payment_status: "pending", status: "pending" });
    // A pending capture is not an abandoned hold.
    offset = minutes(31);
    expect(await releaseExpiredHolds(ctx.deps)).not.toContain(order_id);

    const hook = await deliver(
      completedEvent(order_id, `WH-EVT-${order_id}`, pending.paypal_capture_id ?? ""),
    );
    expect(hook.status).toBe(200);
    expect(await orderOf(order_id)).toMatchObject({ payment_status: "completed", status: "confirmed" });
  });

  it("refunds a capture of another amount at once, releases the hold and says so in French", async () => {
    const { product, customer, id, order_id } = await hold();
    paypal.approve(id);
    paypal.nextCaptureAmount = "20.00";
    await withWarnings(async () => {
      const response = await capture(customer, id);
      expect(response.status).toBe(502);
      expect(((await response.json()) as { error: string }).error).toMatch(
        /montant différent .* remboursé automatiquement/,
      );
    });
    const captureId = paypal.orders.get(id)?.captureId ?? "";
    expect(
      paypal.refunds.filter((refund) => refund.captureId === captureId).map((r) => r.amountCents),
    ).toEqual([2000]);
    expect(await orderOf(order_id)).toMatchObject({ status: "cancelled", payment_status: "failed" });
    expect(await stockOf(product.id)).toBe(10);
  });

  it("answers 402 to a declined card and keeps the hold so the buyer can try another", async () => {
    const { customer, id, order_id } = await hold();
    paypal.approve(id);
    paypal.nextCaptureOutcome = "INSTRUMENT_DECLINED";
    expect((await capture(customer, id)).status).toBe(402);
    expect(await orderOf(order_id)).toMatchObject({ payment_status: "pending" });
    paypal.nextCaptureOutcome = "COMPLETED";
    expect((await orderIn(await capture(customer, id))).payment_status).toBe("completed");
  });
});

describe("webhooks", () => {
  it("refuses a forged signature and changes nothing", async () => {
    const { order_id } = await hold();
    const response = await deliver(completedEvent(order_id, "WH-FORGED-1"), { forge: true });
    expect(response.status).toBe(403);
    expect(await orderOf(order_id)).toMatchObject({ payment_status: "pending" });
    const unsigned = await ctx.app.request("/api/paypal-payment/webhook", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(completedEvent(order_id, "WH-FORGED-2")),
    });
    expect(unsigned.status).toBe(403);
    expect(await orderOf(order_id)).toMatchObject({ payment_status: "pending" });
  });

  it("applies the same event delivered 5 times once", async () => {
    const { order_id } = await hold();
    const event = completedEvent(order_id, `WH-DUP-${order_id}`);
    const outcomes = [];
    for (let i = 0; i < 5; i++) outcomes.push(await outcomeOf(await deliver(event)));
    expect(outcomes).toEqual(["applied", "duplicate", "duplicate", "duplicate", "duplicate"]);
    const order = await orderOf(order_id);
    expect(order?.status_history.filter((entry) => entry.status === "confirmed")).toHaveLength(1);
  });

  it("applies PayPal's retry of an event whose first delivery failed while being applied", async () => {
    const { order_id } = await hold();
    const event = completedEvent(order_id, `WH-RETRY-${order_id}`);
    // The first delivery reaches a database that fails every transaction (throttled, or down for a moment).
    const documents = ctx.db.documents;
    const failing = Object.create(documents, {
      send: {
        value: (command: unknown, ...rest: unknown[]) =>
          command instanceof TransactWriteCommand
            ? Promise.reject(new Error("Service DynamoDB momentanément indisponible"))
            : (documents.send as (...args: unknown[]) => unknown)(command, ...rest),
      },
    }) as typeof documents;
    const broken: Deps = { ...ctx.deps, db: { ...ctx.db, documents: failing } };
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

    expect(await outcomeOf(await deliver(event))).toBe("applied");
    expect(await orderOf(order_id)).toMatchObject({ payment_status: "completed", status: "confirmed" });
    expect(await outcomeOf(await deliver(event))).toBe("duplicate");
  });

  it("ignores a COMPLETED event for another amount", async () => {
    const { order_id } = await hold();
    const event = completedEvent(order_id, `WH-AMOUNT-${order_id}`, "CAPWEBHOOK", "0.01");
    expect(await outcomeOf(await deliver(event))).toBe("ignored");
    expect(await orderOf(order_id)).toMatchObject({ payment_status: "pending" });
  });

  it("is harmless in any order: REFUNDED, then a late COMPLETED, then DENIED", async () => {
    const { product, order_id } = await hold();
    await deliver(completedEvent(order_id, `WH-C-${order_id}`));
    await deliver({
      id: `WH-R-${order_id}`,
      event_type: "PAYMENT.CAPTURE.REFUNDED",
      resource: { id: "R1", custom_id: order_id },
    });
    await deliver(completedEvent(order_id, `WH-C2-${order_id}`));
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
    const { product, order_id } = await hold();
    await deliver(completedEvent(order_id, `WH-C-${order_id}`));
    await orderEntity(ctx.db).patch({ id: order_id }).set({ status: "shipped" }).go();
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
    const { order_id } = await hold();
    await deliver(completedEvent(order_id, `WH-C-${order_id}`));
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
    const { product, order_id } = await hold();
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
    const { product, order_id } = await hold({ quantity: 4, total: 59.4 });
    expect(await stockOf(product.id)).toBe(6);

    offset = minutes(29);
    expect(await releaseExpiredHolds(ctx.deps)).not.toContain(order_id);
    offset = minutes(31);
    const [first, second] = await Promise.all([releaseExpiredHolds(ctx.deps), releaseExpiredHolds(ctx.deps)]);
    expect([...(first ?? []), ...(second ?? [])].filter((id) => id === order_id)).toHaveLength(1);
    expect(await releaseExpiredHolds(ctx.deps)).not.toContain(order_id);
    expect(await stockOf(product.id)).toBe(10);
    expect(await orderOf(order_id)).toMatchObject({ status: "cancelled", payment_status: "failed" });
  });

  it("refuses to capture a released hold", async () => {
    const { customer, id } = await hold();
    paypal.approve(id);
    offset = minutes(31);
    await releaseExpiredHolds(ctx.deps);
    const response = await capture(customer, id);
    expect(response.status).toBe(409);
    expect(paypal.orders.get(id)?.status).toBe("APPROVED");
  });
});

describe("the buyer closes or cancels PayPal's window", () => {
  const release = (customer: TestCustomer, paypalOrderId: string) =>
    customer.call("POST", `/api/paypal-payment/orders/${encodeURIComponent(paypalOrderId)}/release`, {});
  const oneUsePerDay = (code: string) => euroOff(code, { max_uses_per_user: 1 });
  const usageCount = async (promoId: string) =>
    (await promoEntity(ctx.db).get({ id: promoId }).go()).data?.usage_count;

  it("releases the caller's own pending order at once (stock and promo use back); a second call changes nothing", async () => {
    const promo = await oneUsePerDay("FENETRE");
    const { product, customer, id, order_id } = await hold({ quantity: 2, total: 32.6, promoId: promo.id });
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
    const { product, id, order_id } = await hold();
    const other = await createCustomer(ctx.deps, ctx.app);
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
    const { product, customer, id, order_id } = await hold();
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
    const promo = await oneUsePerDay("UNEFOIS");
    const { product, customer, id } = await hold({ quantity: 2, total: 32.6, promoId: promo.id });
    expect((await release(customer, id)).status).toBe(200);
    const retry = await createPaypal(customer, product.id, 2, 32.6, { promo_code_id: promo.id });
    expect(retry.status).toBe(201);
    expect(await usageCount(promo.id)).toBe(1);
    expect(await stockOf(product.id)).toBe(8);
  });

  it("a new checkout after a cart edit releases the pending hold instead of holding a second order", async () => {
    const promo = await oneUsePerDay("PANIER");
    const first = await hold({ total: 19.7, promoId: promo.id });
    const { product, customer } = first;
    expect(await stockOf(product.id)).toBe(9);
    // The window was closed without a word (no onCancel): the cart is edited and the checkout started again.
    const second = await createPaypal(customer, product.id, 3, 45.5, { promo_code_id: promo.id });
    expect(second.status).toBe(201);
    const { order_id } = (await second.json()) as { order_id: string };
    expect(await orderOf(first.order_id)).toMatchObject({ status: "cancelled", payment_status: "failed" });
    expect(await stockOf(product.id)).toBe(7);
    expect(await usageCount(promo.id)).toBe(1);
    const { data } = await orderEntity(ctx.db).query.byUser({ user_id: customer.id }).go();
    expect(data.filter((order) => order.status === "pending").map((order) => order.id)).toEqual([order_id]);
  });

  it("a retried create (same Idempotency-Key) answers the same PayPal order and releases nothing", async () => {
    const product = await soap();
    const customer = await createCustomer(ctx.deps, ctx.app);
    const key = { "idempotency-key": `retry-${Date.now()}-abcdef` };
    const body = cartBody(customer, product.id, 1, 20.7);
    const first = await createPaypalWith(customer, body, key);
    const again = await createPaypalWith(customer, body, key);
    const [a, b] = (await Promise.all([first.json(), again.json()])) as { id: string; order_id: string }[];
    expect(b).toEqual(a);
    expect(await orderOf(a?.order_id ?? "")).toMatchObject({ status: "pending", payment_status: "pending" });
    expect(await stockOf(product.id)).toBe(9);
    // Once released, the same attempt cannot be reopened: the checkout starts a new one.
    await release(customer, a?.id ?? "");
    const reopened = await createPaypalWith(customer, body, key);
    expect(reopened.status).toBe(409);
    expect(((await reopened.json()) as { error: string }).error).toMatch(/relancez le paiement/);
    expect(await stockOf(product.id)).toBe(10);
  });
});

describe("an Idempotency-Key reused for another request (issue 28, item 4)", () => {
  it("answers 422 to a create with another cart, and to a bank-transfer order under the same key; the hold stays", async () => {
    const product = await soap();
    const customer = await createCustomer(ctx.deps, ctx.app);
    const key = { "idempotency-key": `reused-${Date.now()}-abcdef` };
    const body = cartBody(customer, product.id, 1, 20.7);
    const first = await createPaypalWith(customer, body, key);
    expect(first.status).toBe(201);
    const { order_id } = (await first.json()) as { order_id: string };

    const changed = await createPaypalWith(customer, cartBody(customer, product.id, 2, 33.6), key);
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
  const AUTO_REFUNDED =
    "Le délai de paiement de cette commande a expiré : votre paiement a été remboursé automatiquement. Votre panier est toujours là.";

  it("is left alone by the hold job: the capture completes and the order is paid", async () => {
    const { product, customer, id, order_id } = await hold();
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
    expect(await orderIn(response)).toMatchObject({ status: "confirmed", payment_status: "completed" });
    expect(await stockOf(product.id)).toBe(9);
  });

  it("that completes at PayPal for an order already released is refunded at once, logged and answered as a failure", async () => {
    const { product, customer, id, order_id } = await hold();
    paypal.approve(id);
    // PayPal takes so long that the hold is released while it captures (the job asked PayPal: not captured yet).
    paypal.beforeCapture = async () => {
      offset = minutes(45);
      await releaseExpiredHolds(ctx.deps);
    };
    await withWarnings(async (warn) => {
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
    });
  });

  it("a COMPLETED webhook for an order cancelled meanwhile refunds the capture once", async () => {
    const { customer, id, order_id } = await hold();
    paypal.approve(id);
    paypal.nextCaptureOutcome = "PENDING";
    await capture(customer, id);
    const captureId = paypal.orders.get(id)?.captureId ?? "";
    // The owner cancels the unpaid order; then the pending payment clears at PayPal.
    await moveOrder(ctx.deps, order_id, { commands: ["cancel"], refused: "throw" });
    paypal.completePending(captureId);
    const event = completedEvent(order_id, `WH-LATE-${order_id}`, captureId);
    await withWarnings(async () => {
      expect(await outcomeOf(await deliver(event))).toBe("refunded");
      expect(await outcomeOf(await deliver(event))).toBe("duplicate");
    });
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
  /** The shop's own PayPal client, for what happened at PayPal without the shop hearing of it. */
  const direct = () =>
    new PaypalClient({ baseUrl: paypal.url, clientId: paypal.clientId, clientSecret: paypal.clientSecret });
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
    await withWarnings(async () => {
      expect((await reconcilePaypalOrders(ctx.deps)).settled.auto_refunded).toContain(order_id);
      await reconcilePaypalOrders(ctx.deps);
    });
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
    await withWarnings(async (warn) => {
      expect((await reconcilePaypalOrders(ctx.deps)).settled.auto_refunded).toContain(order_id);
      const again = await reconcilePaypalOrders(ctx.deps);
      expect(Object.values(again.settled).flat()).not.toContain(order_id);
      expect(warn).toHaveBeenCalledWith(expect.stringContaining(captureId));
    });
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
    const product = await soap();
    const customer = await createCustomer(ctx.deps, ctx.app);
    const forged = { ...customer, call: apiCaller(ctx.app, `${customer.id}.not-the-secret`) };
    const created = paypal.orders.size;
    const response = await createPaypal(forged, product.id, 1, 20.7);
    expect(response.status).toBe(401);
    expect(await stockOf(product.id)).toBe(10);
    expect(paypal.orders.size).toBe(created);
  });

  it("a new attempt for the units the customer's own earlier hold took: given up first, then sold again", async () => {
    const first = await hold({ quantity: 2, total: 33.6, stock: 2 });
    const { product, customer } = first;
    expect(await stockOf(product.id)).toBe(0);
    // The round read 0 units left; the earlier hold's 2 come back before the order is decided.
    const second = await createPaypal(customer, product.id, 2, 33.6);
    expect(second.status, await second.clone().text()).toBe(201);
    expect(await orderOf(first.order_id)).toMatchObject({ status: "cancelled", payment_status: "failed" });
    expect(await stockOf(product.id)).toBe(0);
  });
});
