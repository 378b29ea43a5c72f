/**
 * PayPal's failures reach customers and the owner in French, with what to do next (issue 28, item 3): PayPal's own
 * English (its name, message, debug_id, issue and description) and the adapter's English go to the structured log
 * only. Each failure is produced by the PayPal double speaking PayPal's REST API: credentials refused, PayPal
 * unreachable, PayPal's 5xx, its documented refusals (INSTRUMENT_DECLINED, ORDER_NOT_APPROVED...), on order creation,
 * capture and the owner's refunds.
 */
import { createServer } from "node:net";
import { afterEach, describe, expect, it, vi } from "vitest";
import { productEntity } from "../../functions/catalog/product-entity";
import { orderEntity } from "../../functions/orders/entity";
import { paypalFailure } from "../../functions/payments/paypal-failures";
import { putPaypalSetting } from "../../functions/payments/paypal-secret";
import { PaypalClient } from "../../functions/platform/adapters/paypal/client";
import { clearPaypalTokens } from "../../functions/platform/adapters/paypal/http";
import { freePort } from "../../scripts/local/ports";
import type { Order } from "../../src/domain/orders/order";
import { paypalErrorBody } from "../doubles/paypal";
import { createTestContext } from "../setup/test-db";
import { createCustomer, type TestCustomer } from "../support/customers";
import { withPaypalDouble } from "../support/paypal";
import { createSoap } from "../support/products";

const ctx = await createTestContext();
const admin = await createCustomer(ctx.deps, ctx.app, { isAdmin: true });
const paypal = withPaypalDouble(ctx.deps);

const logged: string[] = [];
afterEach(async () => {
  vi.restoreAllMocks();
  logged.length = 0;
  clearPaypalTokens();
  await paypal.configure();
});

/** Captures what the API logs (console.error / console.warn), as text, and keeps the test's output quiet. */
function captureLogs() {
  const keep = (...args: unknown[]) => {
    logged.push(args.map((arg) => (typeof arg === "string" ? arg : JSON.stringify(arg))).join(" "));
  };
  vi.spyOn(console, "error").mockImplementation(keep);
  vi.spyOn(console, "warn").mockImplementation(keep);
}

/** PayPal's address is a free port, where nothing listens: PayPal cannot be reached there. */
async function paypalUnreachable() {
  await putPaypalSetting(ctx.deps, {
    base_url: `http://127.0.0.1:${await freePort()}`,
    client_id: paypal.double.clientId,
    client_secret: paypal.double.clientSecret,
    webhook_id: paypal.double.webhookId,
  });
}

async function credentialsRefused() {
  await putPaypalSetting(ctx.deps, {
    base_url: paypal.double.url,
    client_id: paypal.double.clientId,
    client_secret: "secret-revoked-at-paypal",
    webhook_id: paypal.double.webhookId,
  });
}

/** English words PayPal and the adapter use; none may reach a customer or the owner. */
const ENGLISH =
  /\b(the|failed|failure|error|authentication|unreachable|timeout|declined|approved|internal|server|refund|capture|order|has|been|not|could|cannot|payer|instrument)\b/i;
/** PayPal's issue codes (INSTRUMENT_DECLINED…), its names (INTERNAL_SERVER_ERROR…) and debug ids' key. */
const PAYPAL_CODES = /\b[A-Z]+(_[A-Z]+)+\b|debug_id|details|issue/;

/** The answer is in French, names a next step, and carries nothing of PayPal's English. */
async function expectFrenchAnswer(response: Response, status: number, nextStep: RegExp) {
  const text = await response.text();
  expect(response.status, text).toBe(status);
  const { error, code, ...rest } = JSON.parse(text) as { error: string; code: string };
  expect(error, text).not.toMatch(ENGLISH);
  expect(error, text).not.toMatch(PAYPAL_CODES);
  expect(error, text).toMatch(nextStep);
  expect(JSON.stringify(rest), text).not.toMatch(PAYPAL_CODES);
  expect(text).not.toContain("PayPal injoignable");
  return { error, code };
}

/** PayPal's English went to the log as one structured entry (JSON), with its debug id when PayPal gave one. */
function expectLogged(fields: Record<string, unknown>) {
  const entries = logged.flatMap((line) => {
    try {
      const parsed = JSON.parse(line) as Record<string, unknown>;
      return parsed.event === "paypal-error" ? [parsed] : [];
    } catch {
      return [];
    }
  });
  expect(entries, logged.join("\n")).toContainEqual(expect.objectContaining(fields));
}

const createOrder = (customer: TestCustomer, productId: number) =>
  customer.call("POST", "/api/paypal-payment/create-order", {
    items: [{ product_id: productId, quantity: 1 }],
    shipping_address_id: customer.addressId,
    total_amount: 17.8,
    amount: "17.80",
    currency: "EUR",
  });

async function createdOrder(customer: TestCustomer) {
  const product = await createSoap(ctx.deps, { price: 10 });
  const response = await createOrder(customer, product.id);
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()) as { id: string; order_id: string };
}

const capture = (customer: TestCustomer, orderID: string) =>
  customer.call("POST", "/api/paypal-payment/capture-order", { orderID });

const RETRY = /réessayez/i;

describe("creating the PayPal order", () => {
  it("PayPal refusing the shop's credentials: 503 in French, the customer may pay by transfer", async () => {
    const customer = await createCustomer(ctx.deps, ctx.app);
    const product = await createSoap(ctx.deps);
    await credentialsRefused();
    captureLogs();
    const { code } = await expectFrenchAnswer(
      await createOrder(customer, product.id),
      503,
      /virement.*réessayez|réessayez.*virement/i,
    );
    expect(code).toBe("PAYPAL_UNAVAILABLE");
    expectLogged({ operation: "authenticate", status: 401, description: "Client Authentication failed" });
  });

  it("PayPal unreachable: 503 in French, nothing charged, try again", async () => {
    const customer = await createCustomer(ctx.deps, ctx.app);
    const product = await createSoap(ctx.deps);
    await paypalUnreachable();
    captureLogs();
    const answer = await createOrder(customer, product.id);
    expect(answer.headers.get("retry-after")).toMatch(/^\d+$/);
    await expectFrenchAnswer(answer, 503, RETRY);
    expectLogged({ kind: "unreachable" });
  });

  it("PayPal's own 500: 502 in French, its debug id only in the log", async () => {
    const customer = await createCustomer(ctx.deps, ctx.app);
    const product = await createSoap(ctx.deps);
    const body = paypalErrorBody(500);
    paypal.double.failNext("POST /v2/checkout/orders", 500, body);
    captureLogs();
    await expectFrenchAnswer(await createOrder(customer, product.id), 502, RETRY);
    expectLogged({ operation: "create-order", status: 500, debug_id: body.debug_id });
  });

  it("a refusal PayPal explains in English (422 and its issue): 502 in French", async () => {
    const customer = await createCustomer(ctx.deps, ctx.app);
    const product = await createSoap(ctx.deps);
    const body = paypalErrorBody(
      422,
      "PAYEE_ACCOUNT_RESTRICTED",
      "The merchant account is restricted and cannot receive payments.",
    );
    paypal.double.failNext("POST /v2/checkout/orders", 422, body);
    captureLogs();
    await expectFrenchAnswer(await createOrder(customer, product.id), 502, /virement|réessayez/i);
    expectLogged({
      operation: "create-order",
      issue: "PAYEE_ACCOUNT_RESTRICTED",
      description: "The merchant account is restricted and cannot receive payments.",
      debug_id: body.debug_id,
    });
  });
});

describe("capturing the payment", () => {
  it("a declined card: 402 in French, another card or account may be chosen", async () => {
    const customer = await createCustomer(ctx.deps, ctx.app);
    const { id } = await createdOrder(customer);
    paypal.double.approve(id);
    paypal.double.nextCaptureOutcome = "INSTRUMENT_DECLINED";
    captureLogs();
    try {
      const { code } = await expectFrenchAnswer(await capture(customer, id), 402, /autre moyen de paiement/i);
      expect(code).toBe("PAYMENT_DECLINED");
    } finally {
      paypal.double.nextCaptureOutcome = "COMPLETED";
    }
    expectLogged({ operation: "capture", issue: "INSTRUMENT_DECLINED" });
  });

  it("an order the buyer has not approved in PayPal's window: 409 in French, start the payment again", async () => {
    const customer = await createCustomer(ctx.deps, ctx.app);
    const { id } = await createdOrder(customer);
    captureLogs();
    await expectFrenchAnswer(await capture(customer, id), 409, /relancez/i);
    expectLogged({ operation: "capture", issue: "ORDER_NOT_APPROVED" });
  });

  it("PayPal's 503 during the capture: 502 in French, try again (a retry never charges twice)", async () => {
    const customer = await createCustomer(ctx.deps, ctx.app);
    const { id } = await createdOrder(customer);
    paypal.double.approve(id);
    const body = paypalErrorBody(503);
    paypal.double.failNext(`POST /v2/checkout/orders/${id}/capture`, 503, body);
    captureLogs();
    await expectFrenchAnswer(await capture(customer, id), 502, RETRY);
    expectLogged({ operation: "capture", status: 503, debug_id: body.debug_id });
    // The next try captures once.
    const retried = await capture(customer, id);
    expect(retried.status, await retried.clone().text()).toBe(200);
    expect(((await retried.json()) as { order: Order }).order.payment_status).toBe("completed");
  });

  it("PayPal unreachable during the capture: 503 in French", async () => {
    const customer = await createCustomer(ctx.deps, ctx.app);
    const { id } = await createdOrder(customer);
    paypal.double.approve(id);
    await paypalUnreachable();
    captureLogs();
    await expectFrenchAnswer(await capture(customer, id), 503, RETRY);
  });

  it("PayPal refusing the shop's credentials at the capture: 503 in French", async () => {
    const customer = await createCustomer(ctx.deps, ctx.app);
    const { id } = await createdOrder(customer);
    paypal.double.approve(id);
    await credentialsRefused();
    captureLogs();
    await expectFrenchAnswer(await capture(customer, id), 503, RETRY);
  });
});

describe("the owner's refunds", () => {
  async function paidOrder(customer: TestCustomer): Promise<Order> {
    const { id, order_id } = await createdOrder(customer);
    paypal.double.approve(id);
    expect((await capture(customer, id)).status).toBe(200);
    const delivered = await admin.call("PUT", `/api/admin/orders/${order_id}`, { status: "delivered" });
    expect(delivered.status).toBe(200);
    return (await delivered.json()) as Order;
  }
  const refund = (order: Order) =>
    admin.call("POST", `/api/admin/orders/${order.id}/returns`, {
      order_version: order.version,
      lines: [{ index: 0, quantity: 1, restock: true }],
      refund_shipping: false,
      amount: 10,
    });

  it("PayPal's 500 on a return's refund: 502 in French, nothing recorded, try again", async () => {
    const customer = await createCustomer(ctx.deps, ctx.app);
    const order = await paidOrder(customer);
    const body = paypalErrorBody(500);
    paypal.double.failNext("POST /v2/payments/captures/", 500, body);
    captureLogs();
    await expectFrenchAnswer(await refund(order), 502, RETRY);
    expectLogged({ operation: "refund", status: 500, debug_id: body.debug_id });
    expect((await orderEntity(ctx.db).get({ id: order.id }).go()).data?.refunds ?? []).toEqual([]);
  });

  it("PayPal unreachable on a return's refund: 503 in French, try again", async () => {
    const customer = await createCustomer(ctx.deps, ctx.app);
    const order = await paidOrder(customer);
    await paypalUnreachable();
    captureLogs();
    await expectFrenchAnswer(await refund(order), 503, RETRY);
  });

  it("PayPal refusing the shop's credentials on a refund: the owner is told to check them", async () => {
    const customer = await createCustomer(ctx.deps, ctx.app);
    const order = await paidOrder(customer);
    await credentialsRefused();
    captureLogs();
    await expectFrenchAnswer(await refund(order), 503, /vérifiez.*identifiants|identifiants.*vérifiez/i);
  });

  it("a paid order cancelled before shipping whose refund PayPal refuses in English: the owner reads French", async () => {
    const customer = await createCustomer(ctx.deps, ctx.app);
    const { id, order_id } = await createdOrder(customer);
    paypal.double.approve(id);
    expect((await capture(customer, id)).status).toBe(200);
    paypal.double.failNext(
      "POST /v2/payments/captures/",
      422,
      paypalErrorBody(422, "TRANSACTION_REFUSED", "The request was refused."),
    );
    captureLogs();
    await expectFrenchAnswer(
      await admin.call("PUT", `/api/admin/orders/${order_id}`, { status: "cancelled" }),
      502,
      /« Remboursé »|compte PayPal/,
    );
    expectLogged({ operation: "refund", issue: "TRANSACTION_REFUSED" });
  });
});

describe("PayPal answering something other than its JSON", () => {
  /** What a proxy in front of PayPal may send, with 200. */
  const HTML = "<!DOCTYPE html><html><head><title>Maintenance</title></head><body>Back soon</body></html>";
  const NO_ANSWER = /^PayPal ne répond pas/;
  const stockOf = async (id: number) => (await productEntity(ctx.db).get({ id }).go()).data?.stock;
  const stored = async (id: string) => (await orderEntity(ctx.db).get({ id }).go()).data;

  it("on creating the order (HTML, or JSON without the order): 503 in French, the hold given back", async () => {
    const customer = await createCustomer(ctx.deps, ctx.app);
    const product = await createSoap(ctx.deps, { price: 10, stock: 5 });
    for (const garble of [
      () => paypal.double.garbleNext("POST /v2/checkout/orders", 200, HTML),
      () => paypal.double.failNext("POST /v2/checkout/orders", 200, { status: "CREATED" }),
    ]) {
      garble();
      captureLogs();
      const { error, code } = await expectFrenchAnswer(await createOrder(customer, product.id), 503, RETRY);
      expect(error).toMatch(NO_ANSWER);
      expect(code).toBe("PAYPAL_UNAVAILABLE");
      expectLogged({ operation: "create-order", kind: "unreadable", status: 200 });
      expect(await stockOf(product.id)).toBe(5);
    }
    const { data: orders } = await orderEntity(ctx.db).query.byUser({ user_id: customer.id }).go();
    expect(orders).toHaveLength(2);
    for (const order of orders) {
      expect(order).toMatchObject({ payment_status: "failed" });
      expect(order.paypal_order_id).toBeUndefined();
    }
  });

  it("on its sign-in (an HTML page for the token): 503 in French", async () => {
    const customer = await createCustomer(ctx.deps, ctx.app);
    const product = await createSoap(ctx.deps, { price: 10, stock: 5 });
    clearPaypalTokens();
    paypal.double.garbleNext("POST /v1/oauth2/token", 200, HTML);
    captureLogs();
    const { error } = await expectFrenchAnswer(await createOrder(customer, product.id), 503, RETRY);
    expect(error).toMatch(NO_ANSWER);
    expectLogged({ operation: "authenticate", kind: "unreadable", status: 200 });
    expect(await stockOf(product.id)).toBe(5);
  });

  it("on the capture: 503 in French, the payment not recorded, and the next try captures once", async () => {
    const customer = await createCustomer(ctx.deps, ctx.app);
    const { id, order_id } = await createdOrder(customer);
    paypal.double.approve(id);
    paypal.double.garbleNext(`POST /v2/checkout/orders/${id}/capture`, 200, HTML);
    captureLogs();
    const { error } = await expectFrenchAnswer(await capture(customer, id), 503, RETRY);
    expect(error).toMatch(NO_ANSWER);
    expectLogged({ operation: "capture", kind: "unreadable", status: 200 });
    expect(await stored(order_id)).toMatchObject({ status: "pending", payment_status: "pending" });
    const retried = await capture(customer, id);
    expect(retried.status, await retried.clone().text()).toBe(200);
    expect(((await retried.json()) as { order: Order }).order.payment_status).toBe("completed");
    expect(paypal.double.charges).toBeGreaterThan(0);
  });

  it("on a return's refund (a body cut off): 503 in French, nothing recorded", async () => {
    const customer = await createCustomer(ctx.deps, ctx.app);
    const { id, order_id } = await createdOrder(customer);
    paypal.double.approve(id);
    expect((await capture(customer, id)).status).toBe(200);
    const delivered = await admin.call("PUT", `/api/admin/orders/${order_id}`, { status: "delivered" });
    const order = (await delivered.json()) as Order;
    paypal.double.garbleNext("POST /v2/payments/captures/", 200, '{"id":"REFUND-1","sta', "application/json");
    captureLogs();
    const response = await admin.call("POST", `/api/admin/orders/${order.id}/returns`, {
      order_version: order.version,
      lines: [{ index: 0, quantity: 1, restock: true }],
      refund_shipping: false,
      amount: 10,
    });
    const { error } = await expectFrenchAnswer(response, 503, RETRY);
    expect(error).toMatch(NO_ANSWER);
    expectLogged({ operation: "refund", kind: "unreadable", status: 200 });
    const after = await stored(order.id);
    expect(after?.version).toBe(order.version);
    expect(after?.refunds ?? []).toEqual([]);
  });
});

describe("PayPal too slow to answer", () => {
  it("is a timeout for the log and a 503 in French for the customer", async () => {
    // A server that accepts the connection and never answers.
    const silent = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const { port } = silent.address() as { port: number };
    try {
      const client = new PaypalClient({
        baseUrl: `http://127.0.0.1:${port}`,
        clientId: "client",
        clientSecret: "secret",
        timeoutMs: 200,
      });
      const error = await client.accessToken().catch((failure: unknown) => failure);
      captureLogs();
      const answer = paypalFailure(error, "checkout", { order_id: "01TEST" });
      expect(answer).toMatchObject({ code: "PAYPAL_UNAVAILABLE", status: 503 });
      expect(answer.message).toMatch(/^PayPal ne répond pas.*réessayez/);
      expectLogged({ event: "paypal-error", kind: "timeout", operation: "authenticate", order_id: "01TEST" });
    } finally {
      silent.close();
    }
  });
});
