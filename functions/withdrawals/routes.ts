import { Hono } from "hono";
import { rateLimits } from "../../src/domain/rate-limit";
import { caller, requireUser, withSession } from "../accounts/session-middleware";
import { getUserOrder } from "../orders/service";
import type { AppEnv } from "../platform/env";
import { clientKey } from "../platform/middleware/client-ip";
import { retryAfterHeader } from "../platform/middleware/retry-after";
import { route, routesAt } from "../platform/route";
import { admitAttempt } from "../platform/throttle";
import { withdrawalsContract as contract } from "./contract";
import { confirmGuestWithdrawal, confirmWithdrawal, findGuestOrder, withdrawalView } from "./service";

/**
 * The withdrawal function (Code de la consommation L221-21), with an account or without: a signed-in customer
 * names one of their orders (someone else's is « not found », like a made-up id); a guest gives the order number and
 * the e-mail of the order. A wrong pair answers the same 404 whatever exists; each guest look-up and confirmation
 * counts against the client address (rateLimits.withdrawalLookups) before anything is read.
 * In the "orders" Lambda, not with the customer's other order routes: those carry the PDF renderer.
 */
export const withdrawalsRoutes = routesAt("/api/withdrawals", new Hono<AppEnv>().use(retryAfterHeader));

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
