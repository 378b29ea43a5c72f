import { Hono } from "hono";
import { DomainError } from "../../src/domain/errors";
import {
  caller,
  requireSessionToken,
  requireUser,
  unprovenSessionToken,
  withSession,
} from "../accounts/session-middleware";
import type { AppEnv } from "../platform/env";
import { idempotencyKey } from "../platform/middleware/idempotency";
import { route, routesAt } from "../platform/route";
import { paypalContract as contract } from "./contract";
import { captureAnswer } from "./paypal-checkout/capture";
import { createPaypalOrder, paypalClientId } from "./paypal-checkout/create";
import { releasePaypalOrder } from "./paypal-checkout/release";
import { handlePaypalWebhook, type WebhookEvent } from "./paypal-checkout/webhook";

/** The server computes, holds, captures and verifies; the browser only shows the buttons. */
export const paypalRoutes = routesAt({ mount: "/api/paypal-payment", area: "payments" }, new Hono<AppEnv>());

route(paypalRoutes, contract.getPaypalPaymentClientId, async (c) =>
  c.json({ clientId: await paypalClientId(c.var.deps) }),
);

// The session is proven in the order's own read round, as for POST /api/orders (placeOrder's OrderCaller).
route(paypalRoutes, contract.postPaypalPaymentCreateOrder, requireSessionToken, async (c) => {
  const key = idempotencyKey(c.req.header("idempotency-key"));
  const session = { sessionToken: unprovenSessionToken(c) };
  const { id, order_id } = await createPaypalOrder(c.var.deps, session, c.req.valid("json"), key);
  return c.json({ id, order_id }, 201);
});

route(paypalRoutes, contract.postPaypalPaymentCaptureOrder, withSession, requireUser, async (c) => {
  const access = { userId: caller(c).user.id };
  return c.json(await captureAnswer(c.var.deps, access, c.req.valid("json").orderID));
});

route(paypalRoutes, contract.postPaypalPaymentOrdersByIdRelease, withSession, requireUser, async (c) =>
  c.json(await releasePaypalOrder(c.var.deps, { userId: caller(c).user.id }, c.req.valid("param").id)),
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
