import { Hono } from "hono";
import { WAITLIST_ACCEPTED_MESSAGE } from "../../src/domain/catalog/stock-alerts";
import { rateLimits } from "../../src/domain/rate-limit";
import type { AppEnv } from "../platform/env";
import { clientKey } from "../platform/middleware/client-ip";
import { retryAfterHeader } from "../platform/middleware/retry-after";
import { route, routesAt } from "../platform/route";
import { admitAttempt } from "../platform/throttle";
import { waitlistContract as contract } from "./contract";
import { confirmWaitlist, requestWaitlist, unsubscribeWaitlist } from "./service";

/**
 * A sign-up counts against the client address, then answers the same 202 whatever the e-mail: the per-e-mail limit,
 * the request and the mail happen after the answer.
 */
export const waitlistRoutes = routesAt(
  { mount: "/api/waitlist", area: "orders" },
  new Hono<AppEnv>().use(retryAfterHeader),
);

route(waitlistRoutes, contract.postWaitlist, async (c) => {
  await admitAttempt(c.var.deps, [
    { scope: "waitlist-address", subject: clientKey(c), rule: rateLimits.waitlistRequestsPerAddress },
  ]);
  await requestWaitlist(c.var.deps, c.req.valid("json"));
  return c.json({ message: WAITLIST_ACCEPTED_MESSAGE }, 202);
});

route(waitlistRoutes, contract.postWaitlistConfirm, async (c) => {
  const { product_name } = await confirmWaitlist(c.var.deps, c.req.valid("json").token);
  return c.json({
    message: `C'est confirmé : nous vous écrirons dès que « ${product_name} » sera de nouveau en stock.`,
  });
});

route(waitlistRoutes, contract.postWaitlistUnsubscribe, async (c) => {
  await unsubscribeWaitlist(c.var.deps, c.req.valid("json").token);
  return c.json({
    message:
      "Vous êtes désinscrit(e) : vous ne recevrez pas d'e-mail pour ce produit, et votre adresse est supprimée.",
  });
});
