import { Hono } from "hono";
import { requireSessionToken, unprovenSessionToken } from "../accounts/session-middleware";
import type { AppEnv } from "../platform/env";
import { idempotencyKey } from "../platform/middleware/idempotency";
import { route, routesAt } from "../platform/route";
import { ordersContract as contract } from "./contract";
import { placeBankTransferOrder } from "./place-order/bank-transfer";

/**
 * POST /api/orders: a bank-transfer order (PayPal orders are created by /api/paypal-payment). The session is read
 * with the order's products, address and promo in one round trip, and proven before anything is judged (issue 18).
 */
export const ordersRoutes = routesAt("/api/orders", new Hono<AppEnv>().use(requireSessionToken));

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
