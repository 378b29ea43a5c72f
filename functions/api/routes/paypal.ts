import { Hono } from "hono";
import { DomainError } from "../../../src/domain/errors";
import { orderRequestSchema } from "../../../src/domain/order";
import {
  capturePaypalOrder,
  createPaypalOrder,
  handlePaypalWebhook,
  paypalClientId,
  releasePaypalOrder,
  type WebhookEvent,
} from "../../services/paypal-checkout";
import type { AppEnv } from "../env";
import { idempotencyKey } from "../middleware/idempotency";
import {
  caller,
  requireSessionToken,
  requireUser,
  unprovenSessionToken,
  withSession,
} from "../middleware/session";
import { validate } from "../middleware/validate";
import { captureSchema, paypalOrderParam, webhookSchema } from "../schemas/paypal";

/** PayPal checkout: the server computes, holds, captures and verifies; the browser only shows the buttons. */
export const paypalRoutes = new Hono<AppEnv>()
  .get("/client-id", async (c) => c.json({ clientId: await paypalClientId(c.var.deps) }))
  // The session is proven in the order's own read round, as for POST /api/orders (placeOrder's OrderCaller).
  .post("/create-order", requireSessionToken, validate("json", orderRequestSchema), async (c) => {
    const key = idempotencyKey(c.req.header("idempotency-key"));
    const session = { sessionToken: unprovenSessionToken(c) };
    return c.json(await createPaypalOrder(c.var.deps, session, c.req.valid("json"), key), 201);
  })
  .post("/capture-order", withSession, requireUser, validate("json", captureSchema), async (c) => {
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
  })
  .post("/orders/:id/release", withSession, requireUser, validate("param", paypalOrderParam), async (c) =>
    c.json(await releasePaypalOrder(c.var.deps, caller(c).user, c.req.valid("param").id)),
  )
  .post("/webhook", validate("json", webhookSchema), async (c) => {
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
