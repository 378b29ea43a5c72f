import { Hono } from "hono";
import { admitGuestOrder } from "../orders/guest/admission";
import { guestToken, placedWithLink } from "../orders/guest/links";
import type { AppEnv } from "../platform/env";
import { idempotencyKey } from "../platform/middleware/idempotency";
import { retryAfterHeader } from "../platform/middleware/retry-after";
import { route, routesAt } from "../platform/route";
import { guestPaypalContract as contract } from "./guest-contract";
import { captureAnswer } from "./paypal-checkout/capture";
import { createPaypalOrder } from "./paypal-checkout/create";
import { releasePaypalOrder } from "./paypal-checkout/release";

/** The guest is named by her details when the order is created, then proven by her order's link (X-Order-Token). */
export const guestPaypalRoutes = routesAt(
  { mount: "/api/guest/paypal-payment", area: "payments" },
  new Hono<AppEnv>().use(retryAfterHeader),
);

route(guestPaypalRoutes, contract.postGuestPaypalPaymentCreateOrder, async (c) => {
  await admitGuestOrder(c);
  const key = idempotencyKey(c.req.header("idempotency-key"));
  const request = c.req.valid("json");
  const { id, order_id, access_token } = await placedWithLink(key, (guestLink) =>
    createPaypalOrder(c.var.deps, { guest: request.guest }, request, key, { guestLink }),
  );
  return c.json({ id, order_id, access_token }, 201);
});

route(guestPaypalRoutes, contract.postGuestPaypalPaymentCaptureOrder, async (c) =>
  c.json(await captureAnswer(c.var.deps, { guestToken: guestToken(c) }, c.req.valid("json").orderID)),
);

route(guestPaypalRoutes, contract.postGuestPaypalPaymentOrdersByIdRelease, async (c) =>
  c.json(await releasePaypalOrder(c.var.deps, { guestToken: guestToken(c) }, c.req.valid("param").id)),
);
