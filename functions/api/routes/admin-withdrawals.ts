import { Hono } from "hono";
import { listWithdrawalsForAdmin } from "../../services/withdrawals";
import type { AppEnv } from "../env";

/** The customers' withdrawals for the owner's dashboard; mounted under /api/admin behind its guard. */
export const adminWithdrawalsRoutes = new Hono<AppEnv>().get("/", async (c) =>
  c.json({ withdrawals: await listWithdrawalsForAdmin(c.var.deps) }),
);
