/**
 * A local stand-in for PayPal's REST API (OAuth token, Orders v2 create/get/capture, Payments v2 captures and
 * refunds, webhook signature verification), served over HTTP so the shop's real PayPal client is what the tests
 * exercise. It checks what PayPal checks (credentials, amount breakdown adding up, approval before capture,
 * PayPal-Request-Id idempotency, refunds never above what is left of the capture) and lets a test choose the
 * capture outcome.
 */
import { createHmac, randomBytes } from "node:crypto";
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { Hono } from "hono";

export type CaptureOutcome = "COMPLETED" | "PENDING" | "DECLINED" | "INSTRUMENT_DECLINED";

interface Money {
  currency_code: string;
  value: string;
}

export interface DoubleOrder {
  id: string;
  status: "CREATED" | "APPROVED" | "COMPLETED";
  /** The capture made when the order was captured. */
  captureId?: string;
  request: {
    purchase_units: {
      reference_id?: string;
      custom_id?: string;
      amount: Money & { breakdown?: Record<string, Money> };
      items?: { name: string; quantity: string; unit_amount: Money }[];
    }[];
  };
}

export interface DoubleCapture {
  id: string;
  orderId: string;
  status: "COMPLETED" | "PENDING" | "DECLINED" | "PARTIALLY_REFUNDED" | "REFUNDED";
  amountCents: number;
  currency: string;
  customId?: string;
}

export interface DoubleRefund {
  id: string;
  captureId: string;
  status: "COMPLETED";
  amountCents: number;
  currency: string;
  noteToPayer?: string;
  /** The PayPal-Request-Id it was made with. */
  requestId?: string;
  /** Order in which the refunds were made (1, 2, …). */
  sequence: number;
  createTime: string;
}

export interface PaypalDouble {
  url: string;
  clientId: string;
  clientSecret: string;
  webhookId: string;
  orders: Map<string, DoubleOrder>;
  /** Captures by capture id, with their current status (PARTIALLY_REFUNDED / REFUNDED once refunded). */
  captures: Map<string, DoubleCapture>;
  /** Every refund that moved money, in order (a replayed PayPal-Request-Id adds none). */
  refunds: DoubleRefund[];
  /** Every call received, "METHOD /path". */
  calls: string[];
  /** Captures that moved money (a replayed PayPal-Request-Id does not count). */
  charges: number;
  nextCaptureOutcome: CaptureOutcome;
  /** Captures amount to this instead of the order's amount (a PayPal that misbehaves); reset after one capture. */
  nextCaptureAmount?: string;
  /**
   * Runs while a capture is in progress at PayPal, before it completes: what happens meanwhile on the shop's side
   * (the hold job releasing the order, say). Set to undefined to stop.
   */
  beforeCapture?: (paypalOrderId: string) => Promise<void> | void;
  /** The buyer approves the order in PayPal's window. */
  approve(paypalOrderId: string): void;
  /** A PENDING capture clears at PayPal (the eCheck arrived): it becomes COMPLETED. */
  completePending(captureId: string): void;
  /**
   * The next call whose "METHOD /path" starts with `call` answers `status` with PayPal's own (English) error body
   * instead, once: an outage (500, 503), a refusal PayPal's API documents (422 with its issue).
   */
  failNext(call: string, status: number, body?: unknown): void;
  /**
   * The next call whose "METHOD /path" starts with `call` answers `text` as `contentType` with `status` instead, once:
   * what a proxy or a load balancer in front of PayPal sends (an HTML page, even with 200), or a body cut off.
   */
  garbleNext(call: string, status: number, text: string, contentType?: string): void;
  /** Headers PayPal would send with this webhook event; `forge` makes a signature PayPal would reject. */
  webhookHeaders(event: unknown, options?: { forge?: boolean }): Record<string, string>;
  close(): Promise<void>;
}

const cents = (value: string) => Math.round(Number(value) * 100);
const decimal = (amount: number) => (amount / 100).toFixed(2);

function unprocessable(issue: string, description: string) {
  return { name: "UNPROCESSABLE_ENTITY", message: description, details: [{ issue, description }] };
}
function notFound(what: string) {
  return {
    name: "RESOURCE_NOT_FOUND",
    message: "The specified resource does not exist.",
    details: [
      { issue: "INVALID_RESOURCE_ID", description: `Specified resource ID (${what}) does not exist.` },
    ],
  };
}
function badRequest(issue: string, description: string) {
  return { name: "INVALID_REQUEST", message: description, details: [{ issue, description }] };
}

/** PayPal's error body (name, message, debug_id, details[].issue/description), in PayPal's English. */
export function paypalErrorBody(status: number, issue?: string, description?: string) {
  const name =
    status >= 500
      ? "INTERNAL_SERVER_ERROR"
      : status === 422
        ? "UNPROCESSABLE_ENTITY"
        : status === 404
          ? "RESOURCE_NOT_FOUND"
          : "INVALID_REQUEST";
  return {
    name,
    message:
      status >= 500
        ? "An internal server error has occurred."
        : "The requested action could not be performed, semantically incorrect, or failed business validation.",
    debug_id: randomBytes(7).toString("hex"),
    ...(issue && { details: [{ issue, description: description ?? `${issue} (PayPal double)` }] }),
    links: [
      { href: "https://developer.paypal.com/api/rest/reference/orders/v2/errors/", rel: "information_link" },
    ],
  };
}

export async function startPaypalDouble(): Promise<PaypalDouble> {
  const clientId = `client-${randomBytes(4).toString("hex")}`;
  const clientSecret = `secret-${randomBytes(8).toString("hex")}`;
  const webhookId = `WH-${randomBytes(6).toString("hex").toUpperCase()}`;
  const signingKey = randomBytes(32);
  const tokens = new Set<string>();
  const byRequestId = new Map<string, { status: number; body: unknown }>();
  const failures: { call: string; status: number; body: unknown; contentType?: string }[] = [];

  const sign = (transmissionId: string, event: unknown) =>
    createHmac("sha256", signingKey)
      .update(`${transmissionId}|${webhookId}|${JSON.stringify(event)}`)
      .digest("base64");

  const state: Omit<PaypalDouble, "url" | "close"> = {
    clientId,
    clientSecret,
    webhookId,
    orders: new Map(),
    captures: new Map(),
    refunds: [],
    calls: [],
    charges: 0,
    nextCaptureOutcome: "COMPLETED",
    failNext(call, status, body = paypalErrorBody(status)) {
      failures.push({ call, status, body });
    },
    garbleNext(call, status, text, contentType = "text/html; charset=utf-8") {
      failures.push({ call, status, body: text, contentType });
    },
    completePending(captureId) {
      const capture = state.captures.get(captureId);
      if (capture?.status !== "PENDING") throw new Error(`PayPal double: no pending capture ${captureId}`);
      capture.status = "COMPLETED";
    },
    approve(id) {
      const order = state.orders.get(id);
      if (!order) throw new Error(`PayPal double: no order ${id}`);
      if (order.status === "CREATED") order.status = "APPROVED";
    },
    webhookHeaders(event, options = {}) {
      const transmissionId = randomBytes(8).toString("hex");
      return {
        "content-type": "application/json",
        "paypal-transmission-id": transmissionId,
        "paypal-transmission-time": new Date().toISOString(),
        "paypal-transmission-sig": options.forge
          ? Buffer.from("forged").toString("base64")
          : sign(transmissionId, event),
        "paypal-cert-url": "https://api.sandbox.paypal.com/v1/notifications/certs/CERT-test",
        "paypal-auth-algo": "SHA256withRSA",
      };
    },
  };

  const app = new Hono();
  app.use("*", async (c, next) => {
    const call = `${c.req.method} ${new URL(c.req.url).pathname}`;
    state.calls.push(call);
    const failure = failures.findIndex((candidate) => call.startsWith(candidate.call));
    if (failure >= 0) {
      const [{ status, body, contentType }] = failures.splice(failure, 1) as [(typeof failures)[number]];
      if (contentType) return c.body(String(body), status as 500, { "content-type": contentType });
      return c.json(body as object, status as 500);
    }
    if (c.req.path !== "/v1/oauth2/token") {
      const token = /^Bearer (.+)$/.exec(c.req.header("authorization") ?? "")?.[1];
      if (!token || !tokens.has(token)) return c.json({ error: "invalid_token" }, 401);
    }
    await next();
  });

  app.post("/v1/oauth2/token", async (c) => {
    const expected = `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString("base64")}`;
    if (c.req.header("authorization") !== expected) {
      return c.json({ error: "invalid_client", error_description: "Client Authentication failed" }, 401);
    }
    if (!(await c.req.text()).includes("grant_type=client_credentials"))
      return c.json({ error: "unsupported_grant_type" }, 400);
    const token = `A21AA${randomBytes(12).toString("hex")}`;
    tokens.add(token);
    return c.json({ access_token: token, token_type: "Bearer", expires_in: 32400 });
  });

  /** Replays the answer given to the same PayPal-Request-Id, as PayPal does. */
  const idempotent = async (
    key: string | undefined,
    run: () => Promise<{ status: number; body: unknown }>,
  ) => {
    if (key && byRequestId.has(key)) return byRequestId.get(key) as { status: number; body: unknown };
    const result = await run();
    if (key && result.status < 500) byRequestId.set(key, result);
    return result;
  };

  app.post("/v2/checkout/orders", async (c) => {
    const requestId = c.req.header("paypal-request-id");
    const body = (await c.req.json()) as { intent: string } & DoubleOrder["request"];
    const result = await idempotent(requestId && `create:${requestId}`, async () => {
      const unit = body.purchase_units?.[0];
      if (body.intent !== "CAPTURE" || !unit)
        return { status: 400, body: unprocessable("INVALID_REQUEST", "intent/purchase_units") };
      const { amount } = unit;
      if (amount.currency_code !== "EUR" || cents(amount.value) <= 0) {
        return {
          status: 422,
          body: unprocessable("INVALID_PARAMETER_VALUE", "amount must be a positive EUR amount"),
        };
      }
      const b = amount.breakdown ?? {};
      const itemsTotal = (unit.items ?? []).reduce(
        (sum, item) => sum + cents(item.unit_amount.value) * Number(item.quantity),
        0,
      );
      if (b.item_total && itemsTotal !== cents(b.item_total.value)) {
        return {
          status: 422,
          body: unprocessable("ITEM_TOTAL_MISMATCH", "item_total differs from the items"),
        };
      }
      const expected =
        cents(b.item_total?.value ?? "0") + cents(b.shipping?.value ?? "0") - cents(b.discount?.value ?? "0");
      if (amount.breakdown && expected !== cents(amount.value)) {
        return { status: 422, body: unprocessable("AMOUNT_MISMATCH", "amount differs from the breakdown") };
      }
      const id = randomBytes(8).toString("hex").toUpperCase();
      state.orders.set(id, { id, status: "CREATED", request: body });
      return { status: 201, body: { id, status: "CREATED", links: [] } };
    });
    return c.json(result.body as object, result.status as 201);
  });

  /** An order as PayPal shows it: once captured, its capture with its current status and refunds. */
  const orderView = (order: DoubleOrder) => {
    const unit = order.request.purchase_units[0];
    const capture = order.captureId ? state.captures.get(order.captureId) : undefined;
    if (!capture) return { id: order.id, status: order.status, purchase_units: order.request.purchase_units };
    const refunds = state.refunds.filter((refund) => refund.captureId === capture.id);
    return {
      id: order.id,
      status: capture.status === "DECLINED" ? "DECLINED" : "COMPLETED",
      payer: { payer_id: "PAYER7QX9" },
      purchase_units: [
        {
          reference_id: unit?.reference_id,
          payments: {
            captures: [captureView(capture)],
            ...(refunds.length && { refunds: refunds.map(refundView) }),
          },
        },
      ],
    };
  };
  const captureView = (capture: DoubleCapture) => ({
    id: capture.id,
    status: capture.status,
    amount: { currency_code: capture.currency, value: decimal(capture.amountCents) },
    custom_id: capture.customId,
    final_capture: true,
    links: [{ href: `/v2/payments/captures/${capture.id}`, rel: "self", method: "GET" }],
  });
  const refundView = (refund: DoubleRefund) => ({
    id: refund.id,
    status: refund.status,
    amount: { currency_code: refund.currency, value: decimal(refund.amountCents) },
    ...(refund.noteToPayer && { note_to_payer: refund.noteToPayer }),
    seller_payable_breakdown: {
      gross_amount: { currency_code: refund.currency, value: decimal(refund.amountCents) },
      net_amount: { currency_code: refund.currency, value: decimal(refund.amountCents) },
      total_refunded_amount: {
        currency_code: refund.currency,
        value: decimal(refundedOf(refund.captureId, refund.sequence)),
      },
    },
    create_time: refund.createTime,
    update_time: refund.createTime,
    links: [
      { href: `/v2/payments/refunds/${refund.id}`, rel: "self", method: "GET" },
      { href: `/v2/payments/captures/${refund.captureId}`, rel: "up", method: "GET" },
    ],
  });
  /** Cents refunded on a capture (up to and including the refund numbered `upTo`). */
  const refundedOf = (captureId: string, upTo = Number.POSITIVE_INFINITY) =>
    state.refunds
      .filter((refund) => refund.captureId === captureId && refund.sequence <= upTo)
      .reduce((sum, refund) => sum + refund.amountCents, 0);

  app.get("/v2/checkout/orders/:id", (c) => {
    const order = state.orders.get(c.req.param("id"));
    if (!order) return c.json(unprocessable("RESOURCE_NOT_FOUND", "order"), 404);
    return c.json(orderView(order));
  });

  app.post("/v2/checkout/orders/:id/capture", async (c) => {
    const requestId = c.req.header("paypal-request-id");
    const result = await idempotent(requestId && `capture:${requestId}`, async () => {
      const order = state.orders.get(c.req.param("id"));
      if (!order) return { status: 404, body: unprocessable("RESOURCE_NOT_FOUND", "order") };
      if (order.status === "COMPLETED")
        return { status: 422, body: unprocessable("ORDER_ALREADY_CAPTURED", "already captured") };
      if (order.status !== "APPROVED")
        return { status: 422, body: unprocessable("ORDER_NOT_APPROVED", "payer has not approved") };
      const outcome = state.nextCaptureOutcome;
      if (outcome === "INSTRUMENT_DECLINED") {
        return {
          status: 422,
          body: unprocessable("INSTRUMENT_DECLINED", "The instrument presented was declined."),
        };
      }
      // The order is being captured: a second capture of it meanwhile is refused, as PayPal does.
      order.status = "COMPLETED";
      if (state.beforeCapture) await state.beforeCapture(order.id);
      const unit = order.request.purchase_units[0];
      state.charges += outcome === "DECLINED" ? 0 : 1;
      const amount = state.nextCaptureAmount ?? unit?.amount.value ?? "0";
      state.nextCaptureAmount = undefined;
      const capture: DoubleCapture = {
        id: `CAP${randomBytes(6).toString("hex").toUpperCase()}`,
        orderId: order.id,
        status: outcome,
        amountCents: cents(amount),
        currency: unit?.amount.currency_code ?? "EUR",
        customId: unit?.custom_id,
      };
      state.captures.set(capture.id, capture);
      order.captureId = capture.id;
      return { status: 201, body: orderView(order) };
    });
    return c.json(result.body as object, result.status as 201);
  });

  app.get("/v2/payments/captures/:id", (c) => {
    const capture = state.captures.get(c.req.param("id"));
    if (!capture) return c.json(notFound("capture"), 404);
    return c.json(captureView(capture));
  });

  app.get("/v2/payments/refunds/:id", (c) => {
    const refund = state.refunds.find((candidate) => candidate.id === c.req.param("id"));
    if (!refund) return c.json(notFound("refund"), 404);
    return c.json(refundView(refund));
  });

  app.post("/v2/payments/captures/:id/refund", async (c) => {
    const requestId = c.req.header("paypal-request-id");
    let body: { amount?: Money; note_to_payer?: string; invoice_id?: string };
    try {
      const text = await c.req.text();
      body = text ? JSON.parse(text) : {};
    } catch {
      return c.json(badRequest("MALFORMED_REQUEST_JSON", "The request JSON is not well formed."), 400);
    }
    const result = await idempotent(requestId && `refund:${requestId}`, async () => {
      const capture = state.captures.get(c.req.param("id"));
      if (!capture) return { status: 404, body: notFound("capture") };
      if (capture.status === "REFUNDED") {
        return {
          status: 422,
          body: unprocessable("CAPTURE_FULLY_REFUNDED", "The capture has already been fully refunded."),
        };
      }
      if (capture.status !== "COMPLETED" && capture.status !== "PARTIALLY_REFUNDED") {
        return {
          status: 422,
          body: unprocessable("CANNOT_BE_REFUNDED", `A ${capture.status} capture cannot be refunded.`),
        };
      }
      const left = capture.amountCents - refundedOf(capture.id);
      let amountCents = left;
      if (body.amount) {
        if (!/^\d+(\.\d{1,2})?$/.test(String(body.amount.value)) || cents(body.amount.value) <= 0) {
          return { status: 400, body: badRequest("INVALID_PARAMETER_VALUE", "amount/value") };
        }
        if (body.amount.currency_code !== capture.currency) {
          return {
            status: 422,
            body: unprocessable("CURRENCY_MISMATCH", "The refund currency must be the capture's currency."),
          };
        }
        amountCents = cents(body.amount.value);
      }
      if (amountCents > left) {
        return {
          status: 422,
          body: unprocessable(
            "REFUND_AMOUNT_EXCEEDED",
            "The refund amount must be less than or equal to the capture amount that has not yet been refunded.",
          ),
        };
      }
      const refund: DoubleRefund = {
        id: `REF${randomBytes(6).toString("hex").toUpperCase()}`,
        captureId: capture.id,
        status: "COMPLETED",
        amountCents,
        currency: capture.currency,
        noteToPayer: body.note_to_payer,
        requestId,
        sequence: state.refunds.length + 1,
        createTime: new Date().toISOString(),
      };
      state.refunds.push(refund);
      capture.status = amountCents === left ? "REFUNDED" : "PARTIALLY_REFUNDED";
      return { status: 201, body: refundView(refund) };
    });
    return c.json(result.body as object, result.status as 201);
  });

  app.post("/v1/notifications/verify-webhook-signature", async (c) => {
    const body = (await c.req.json()) as {
      transmission_id: string;
      transmission_sig: string;
      webhook_id: string;
      webhook_event: unknown;
    };
    const ok =
      body.webhook_id === webhookId &&
      body.transmission_sig === sign(body.transmission_id, body.webhook_event);
    return c.json({ verification_status: ok ? "SUCCESS" : "FAILURE" });
  });

  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const s = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, () => resolve(s));
  });
  const { port } = server.address() as AddressInfo;
  return {
    ...state,
    get charges() {
      return state.charges;
    },
    get nextCaptureOutcome() {
      return state.nextCaptureOutcome;
    },
    set nextCaptureOutcome(value: CaptureOutcome) {
      state.nextCaptureOutcome = value;
    },
    get nextCaptureAmount() {
      return state.nextCaptureAmount;
    },
    set nextCaptureAmount(value: string | undefined) {
      state.nextCaptureAmount = value;
    },
    get beforeCapture() {
      return state.beforeCapture;
    },
    set beforeCapture(value: PaypalDouble["beforeCapture"]) {
      state.beforeCapture = value;
    },
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
