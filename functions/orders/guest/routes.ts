import { Hono } from "hono";
import type { AppEnv } from "../../platform/env";
import { idempotencyKey } from "../../platform/middleware/idempotency";
import { retryAfterHeader } from "../../platform/middleware/retry-after";
import { route, routesAt } from "../../platform/route";
import { placeBankTransferOrder } from "../place-order/bank-transfer";
import { toOrder, withTransferInstructions } from "../service";
import { admitGuestOrder } from "./admission";
import { guestOrdersContract as contract } from "./contract";
import { guestOrder, guestToken, placedWithLink } from "./links";

/** The customer's rules (placeOrder); each guest order counts against the client address first, as sign-ups do. */
export const guestOrdersRoutes = routesAt(
  { mount: "/api/guest/orders", area: "orders" },
  new Hono<AppEnv>().use(retryAfterHeader),
);

route(guestOrdersRoutes, contract.postGuestOrders, async (c) => {
  await admitGuestOrder(c);
  const key = idempotencyKey(c.req.header("idempotency-key"));
  const request = c.req.valid("json");
  const { order, replayed, access_token, confirmationMailed } = await placedWithLink(key, (guestLink) =>
    placeBankTransferOrder(c.var.deps, { guest: request.guest }, request, key, { guestLink }),
  );
  return c.json({ order, access_token, confirmation_mailed: confirmationMailed }, replayed ? 200 : 201);
});

route(guestOrdersRoutes, contract.getGuestOrdersById, async (c) => {
  const order = toOrder(await guestOrder(c.var.deps, c.req.valid("param").id, guestToken(c)));
  const [answer] = await withTransferInstructions(c.var.deps, [order]);
  return c.json(answer);
});
