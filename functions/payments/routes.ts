import { Hono } from "hono";
import { DomainError } from "../../src/domain/errors";
import type { AppEnv } from "../platform/env";
import { idempotencyKey } from "../platform/middleware/idempotency";
import {
  caller,
  requireSessionToken,
  requireUser,
  unprovenSessionToken,
  withSession,
} from "../platform/middleware/session";
import { route, routesAt } from "../platform/route";
import { paypalContract as contract } from "./contract";
import {
  capturePaypalOrder,
  createPaypalOrder,
  handlePaypalWebhook,
  paypalClientId,
  releasePaypalOrder,
  type WebhookEvent,
} from "./paypal-checkout";

/** PayPal checkout: the server computes, holds, captures and verifies; the browser only shows the buttons. */
export const paypalRoutes = routesAt("/api/paypal-payment", new Hono<AppEnv>());

route(paypalRoutes, contract.getPaypalPaymentClientId, async (c) =>
  c.json({ clientId: await paypalClientId(c.var.deps) }),
);

// The session is proven in the order's own read round, as for POST /api/orders (placeOrder's OrderCaller).
route(paypalRoutes, contract.postPaypalPaymentCreateOrder, requireSessionToken, async (c) => {
  const key = idempotencyKey(c.req.header("idempotency-key"));
  const session = { sessionToken: unprovenSessionToken(c) };
  return c.json(await createPaypalOrder(c.var.deps, session, c.req.valid("json"), key), 201);
});

route(paypalRoutes, contract.postPaypalPaymentCaptureOrder, withSession, requireUser, async (c) => {
  const { capture, order } = await capturePaypalOrder(
    c.var.deps,
    caller(c).user,
    c.req.valid("json").orderID,
  );
  // Already paid: answer the capture the screen reads without calling PayPal again.
  const result = capture ?? {
    id: order.paypal_order_id,
    status: "COMPLETED",
    payer: { payer_id: order.paypal_payer_id },
    purchase_units: [{ payments: { captures: [{ id: order.paypal_capture_id, status: "COMPLETED" }] } }],
  };
  return c.json({ ...result, order });
});

route(paypalRoutes, contract.postPaypalPaymentOrdersByIdRelease, withSession, requireUser, async (c) =>
  c.json(await releasePaypalOrder(c.var.deps, caller(c).user, c.req.valid("param").id)),
);

route(paypalRoutes, contract.postPaypalPaymentWebhook, async (c) => {
  const header = (name: string) => {
    const value = c.req.header(name);
    if (!value) throw new DomainError("FORBIDDEN", "Signature du webhook PayPal absente.");
    return value;
  };
  const outcome = await handlePaypalWebhook(
    c.var.deps,
    {
      transmissionId: header("paypal-transmission-id"),
      transmissionTime: header("paypal-transmission-time"),
      transmissionSig: header("paypal-transmission-sig"),
      certUrl: header("paypal-cert-url"),
      authAlgo: header("paypal-auth-algo"),
    },
    c.req.valid("json") as WebhookEvent,
  );
  return c.json({ received: true, outcome });
});
