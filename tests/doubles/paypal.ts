/**
 * A local stand-in for PayPal's REST API (OAuth token, Orders v2 create/get/capture, webhook signature
 * verification), served over HTTP so the shop's real PayPal client is what the tests exercise. It checks what
 * PayPal checks (credentials, amount breakdown adding up, approval before capture, PayPal-Request-Id
 * idempotency) and lets a test choose the capture outcome.
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
  request: {
    purchase_units: {
      reference_id?: string;
      custom_id?: string;
      amount: Money & { breakdown?: Record<string, Money> };
      items?: { name: string; quantity: string; unit_amount: Money }[];
    }[];
  };
  capture?: unknown;
}

export interface PaypalDouble {
  url: string;
  clientId: string;
  clientSecret: string;
  webhookId: string;
  orders: Map<string, DoubleOrder>;
  /** Every call received, "METHOD /path". */
  calls: string[];
  /** Captures that moved money (a replayed PayPal-Request-Id does not count). */
  charges: number;
  nextCaptureOutcome: CaptureOutcome;
  /** The buyer approves the order in PayPal's window. */
  approve(paypalOrderId: string): void;
  /** Headers PayPal would send with this webhook event; `forge` makes a signature PayPal would reject. */
  webhookHeaders(event: unknown, options?: { forge?: boolean }): Record<string, string>;
  close(): Promise<void>;
}

const cents = (value: string) => Math.round(Number(value) * 100);

function unprocessable(issue: string, description: string) {
  return { name: "UNPROCESSABLE_ENTITY", message: description, details: [{ issue, description }] };
}

export async function startPaypalDouble(): Promise<PaypalDouble> {
  const clientId = `client-${randomBytes(4).toString("hex")}`;
  const clientSecret = `secret-${randomBytes(8).toString("hex")}`;
  const webhookId = `WH-${randomBytes(6).toString("hex").toUpperCase()}`;
  const signingKey = randomBytes(32);
  const tokens = new Set<string>();
  const byRequestId = new Map<string, { status: number; body: unknown }>();

  const sign = (transmissionId: string, event: unknown) =>
    createHmac("sha256", signingKey)
      .update(`${transmissionId}|${webhookId}|${JSON.stringify(event)}`)
      .digest("base64");

  const state: Omit<PaypalDouble, "url" | "close"> = {
    clientId,
    clientSecret,
    webhookId,
    orders: new Map(),
    calls: [],
    charges: 0,
    nextCaptureOutcome: "COMPLETED",
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
    state.calls.push(`${c.req.method} ${new URL(c.req.url).pathname}`);
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

  app.get("/v2/checkout/orders/:id", (c) => {
    const order = state.orders.get(c.req.param("id"));
    if (!order) return c.json(unprocessable("RESOURCE_NOT_FOUND", "order"), 404);
    return c.json(
      (order.capture as object) ?? {
        id: order.id,
        status: order.status,
        purchase_units: order.request.purchase_units,
      },
    );
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
      const unit = order.request.purchase_units[0];
      order.status = "COMPLETED";
      state.charges += outcome === "DECLINED" ? 0 : 1;
      order.capture = {
        id: order.id,
        status: outcome === "DECLINED" ? "DECLINED" : "COMPLETED",
        payer: { payer_id: "PAYER7QX9" },
        purchase_units: [
          {
            reference_id: unit?.reference_id,
            payments: {
              captures: [
                {
                  id: `CAP${randomBytes(6).toString("hex").toUpperCase()}`,
                  status: outcome,
                  amount: { currency_code: unit?.amount.currency_code, value: unit?.amount.value },
                  custom_id: unit?.custom_id,
                },
              ],
            },
          },
        ],
      };
      return { status: 201, body: order.capture };
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
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
