import { Hono } from "hono";
import { eurosToCents } from "../../src/domain/money";
import { rateLimits } from "../../src/domain/rate-limit";
import { withSession } from "../accounts/session-middleware";
import type { AppEnv } from "../platform/env";
import { clientKey } from "../platform/middleware/client-ip";
import { retryAfterHeader } from "../platform/middleware/retry-after";
import { route, routesAt } from "../platform/route";
import { admitAttempt, type Limit } from "../platform/throttle";
import { promoContract as contract } from "./contract";
import { validatePromo } from "./service";

/**
 * Codes must not be guessable by trying: each check is counted per client address and signed-in customer before
 * it is answered. Anonymous visitors may check; the daily limit needs the customer.
 */
export const promoRoutes = routesAt(
  { mount: "/api/promo", area: "orders" },
  new Hono<AppEnv>().use(retryAfterHeader),
);

route(promoRoutes, contract.postPromoValidate, withSession, async (c) => {
  const { promo_code, total_amount, items } = c.req.valid("json");
  const userId = c.var.auth?.user.id ?? null;
  const limits: Limit[] = [
    { scope: "promo-checks-address", subject: clientKey(c), rule: rateLimits.promoChecks },
  ];
  if (userId) limits.push({ scope: "promo-checks-user", subject: userId, rule: rateLimits.promoChecks });
  await admitAttempt(c.var.deps, limits);
  const email = c.var.auth?.user.email ?? null;
  return c.json(
    await validatePromo(c.var.deps, promo_code, { subtotal: eurosToCents(total_amount), items }, email),
  );
});
