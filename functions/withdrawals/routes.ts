import { Hono } from "hono";
import { rateLimits } from "../../src/domain/rate-limit";
import { caller, requireUser, withSession } from "../accounts/session-middleware";
import { getUserOrder } from "../orders/order-reads";
import type { AppEnv } from "../platform/env";
import { clientKey } from "../platform/middleware/client-ip";
import { retryAfterHeader } from "../platform/middleware/retry-after";
import { route, routesAt } from "../platform/route";
import { admitAttempt } from "../platform/throttle";
import { withdrawalsContract as contract } from "./contract";
import { confirmGuestWithdrawal, confirmWithdrawal, findGuestOrder, withdrawalView } from "./service";

/**
 * Code de la consommation L221-21. A wrong order-and-e-mail pair answers the same 404 whatever exists, and each
 * guest look-up counts against the client address. In the "orders" Lambda: the customer's order routes carry the
 * PDF renderer.
 */
export const withdrawalsRoutes = routesAt(
  { mount: "/api/withdrawals", area: "orders" },
  new Hono<AppEnv>().use(retryAfterHeader),
);

route(withdrawalsRoutes, contract.getWithdrawalsOrdersById, withSession, requireUser, async (c) => {
  const order = await getUserOrder(c.var.deps, caller(c).user.id, c.req.valid("param").id);
  return c.json(await withdrawalView(c.var.deps, order));
});

route(withdrawalsRoutes, contract.postWithdrawalsOrdersById, withSession, requireUser, async (c) => {
  const order = await getUserOrder(c.var.deps, caller(c).user.id, c.req.valid("param").id);
  const { withdrawal, replayed } = await confirmWithdrawal(
    c.var.deps,
    order.id,
    c.req.valid("json"),
    "account",
  );
  return c.json({ withdrawal }, replayed ? 200 : 201);
});

route(withdrawalsRoutes, contract.postWithdrawalsLookup, async (c) => {
  await admitAttempt(c.var.deps, [
    { scope: "withdrawal-lookups-address", subject: clientKey(c), rule: rateLimits.withdrawalLookups },
  ]);
  const order = await findGuestOrder(c.var.deps, c.req.valid("json"));
  return c.json(await withdrawalView(c.var.deps, order));
});

route(withdrawalsRoutes, contract.postWithdrawals, async (c) => {
  await admitAttempt(c.var.deps, [
    { scope: "withdrawal-lookups-address", subject: clientKey(c), rule: rateLimits.withdrawalLookups },
  ]);
  const { withdrawal, replayed } = await confirmGuestWithdrawal(c.var.deps, c.req.valid("json"));
  return c.json({ withdrawal }, replayed ? 200 : 201);
});
