import { Hono } from "hono";
import { bankTransferOrderSchema } from "../../../src/domain/order";
import { placeBankTransferOrder } from "../../services/checkout";
import type { AppEnv } from "../env";
import { idempotencyKey } from "../middleware/idempotency";
import { caller, requireUser, withSession } from "../middleware/session";
import { validate } from "../middleware/validate";

/** POST /api/orders: a bank-transfer order (PayPal orders are created by /api/paypal-payment). */
export const ordersRoutes = new Hono<AppEnv>()
  .use(withSession, requireUser)
  .post("/", validate("json", bankTransferOrderSchema), async (c) => {
    const key = idempotencyKey(c.req.header("idempotency-key"));
    const { order, replayed } = await placeBankTransferOrder(
      c.var.deps,
      caller(c).user,
      c.req.valid("json"),
      key,
    );
    return c.json({ order }, replayed ? 200 : 201);
  });
