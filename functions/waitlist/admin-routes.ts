import { Hono } from "hono";
import { withSession } from "../accounts/session-middleware";
import type { AppEnv } from "../platform/env";
import { requireAdmin } from "../platform/middleware/admin";
import { route, routesAt } from "../platform/route";
import { adminWaitlistContract as contract } from "./admin-contract";
import { waitlistCounts } from "./service";

/** Served by the "lots" function: the admin function is at its budget. */
export const adminWaitlistRoutes = routesAt(
  { mount: "/api/admin/waitlist", area: "lots" },
  new Hono<AppEnv>().use(withSession, requireAdmin),
);

route(adminWaitlistRoutes, contract.getAdminWaitlist, async (c) =>
  c.json({ counts: await waitlistCounts(c.var.deps) }),
);
