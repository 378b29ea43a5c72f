import { Hono } from "hono";
import { createMiddleware } from "hono/factory";
import { caller, requireUser, setSessionCookie, withSession } from "../../../accounts/session-middleware";
import type { AppEnv } from "../../../platform/env";
import { clientKey } from "../../../platform/middleware/client-ip";
import { retryAfterHeader } from "../../../platform/middleware/retry-after";
import { route, routesAt } from "../../../platform/route";
import { guestToken } from "../links";
import { guestAccountContract, guestOrdersAttachContract } from "./contract";
import { attachGuestOrders, createGuestAccount, requestAttachLink } from "./service";

/** The order's link says who placed it; the guest orders follow only by a mailed link. */
export const guestAccountRoutes = routesAt(
  { mount: "/api/guest/account", area: "accounts" },
  new Hono<AppEnv>().use(retryAfterHeader),
);

route(guestAccountRoutes, guestAccountContract.postGuestAccount, async (c) => {
  const { order_id, password } = c.req.valid("json");
  const { sessionToken, user } = await createGuestAccount(
    c.var.deps,
    { orderId: order_id, orderToken: guestToken(c), password },
    clientKey(c),
  );
  setSessionCookie(c, sessionToken);
  return c.json({ user }, 201);
});

/** Below /api/user the profile module's middleware, mounted first, may already have proven the session. */
const session = createMiddleware<AppEnv>(async (c, next) => (c.var.auth ? next() : withSession(c, next)));

export const guestOrdersAttachRoutes = routesAt(
  { mount: "/api/user/guest-orders", area: "accounts" },
  new Hono<AppEnv>().use(session, requireUser),
);

route(guestOrdersAttachRoutes, guestOrdersAttachContract.postUserGuestOrdersAttach, async (c) => {
  c.header("cache-control", "private, no-store");
  return c.json(await attachGuestOrders(c.var.deps, caller(c).user, c.req.valid("json").token));
});

route(guestOrdersAttachRoutes, guestOrdersAttachContract.postUserGuestOrdersAttachLink, async (c) => {
  await requestAttachLink(c.var.deps, caller(c).user);
  return c.json({ sent: true as const }, 202);
});
