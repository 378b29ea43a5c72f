import { Hono } from "hono";
import { waitlistCounts } from "../../services/waitlist";
import type { AppEnv } from "../env";
import { requireAdmin } from "../middleware/admin";
import { withSession } from "../middleware/session";

/**
 * How many confirmed shoppers wait for each product (decision record 026), for the admin's Produits tab. Behind
 * the admin guard; served by the "lots" function (the admin function is at its budget).
 */
export const adminWaitlistRoutes = new Hono<AppEnv>()
  .use(withSession, requireAdmin)
  .get("/", async (c) => c.json({ counts: await waitlistCounts(c.var.deps) }));
