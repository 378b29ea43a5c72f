import { Hono } from "hono";
import { requireSessionToken, unprovenSessionToken } from "../accounts/session-middleware";
import type { AppEnv } from "../platform/env";
import { idempotencyKey } from "../platform/middleware/idempotency";
import { route, routesAt } from "../platform/route";
import { ordersContract as contract } from "./contract";
import { placeBankTransferOrder } from "./place-order/bank-transfer";

/** PayPal orders are created by /api/paypal-payment. The session is proven in the order's read round. */
export const ordersRoutes = routesAt(
  { mount: "/api/orders", area: "orders" },
  new Hono<AppEnv>().use(requireSessionToken),
);

route(ordersRoutes, contract.postOrders, async (c) => {
  const key = idempotencyKey(c.req.header("idempotency-key"));
  const { order, replayed } = await placeBankTransferOrder(
    c.var.deps,
    { sessionToken: unprovenSessionToken(c) },
    c.req.valid("json"),
    key,
  );
  return c.json({ order }, replayed ? 200 : 201);
});
