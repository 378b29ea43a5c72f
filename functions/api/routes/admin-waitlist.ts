import { Hono } from "hono";
import { waitlistCounts } from "../../services/waitlist";
import { adminWaitlistContract as contract } from "../../waitlist/admin-contract";
import type { AppEnv } from "../env";
import { requireAdmin } from "../middleware/admin";
import { withSession } from "../middleware/session";
import { route, routesAt } from "../route";

/**
 * How many confirmed shoppers wait for each product (decision record 026), for the admin's Produits tab. Behind
 * the admin guard; served by the "lots" function (the admin function is at its budget).
 */
export const adminWaitlistRoutes = routesAt(
  "/api/admin/waitlist",
  new Hono<AppEnv>().use(withSession, requireAdmin),
);

route(adminWaitlistRoutes, contract.getAdminWaitlist, async (c) =>
  c.json({ counts: await waitlistCounts(c.var.deps) }),
);
