import { Hono } from "hono";
import { ordersContract as contract } from "../../orders/contract";
import { placeBankTransferOrder } from "../../services/checkout";
import type { AppEnv } from "../env";
import { idempotencyKey } from "../middleware/idempotency";
import { requireSessionToken, unprovenSessionToken } from "../middleware/session";
import { route, routesAt } from "../route";

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
