import { Hono } from "hono";
import { listWithdrawalsForAdmin } from "../../services/withdrawals";
import { adminWithdrawalsContract as contract } from "../../withdrawals/admin-contract";
import type { AppEnv } from "../env";
import { route, routesAt } from "../route";

/** The customers' withdrawals for the owner's dashboard; mounted under /api/admin behind its guard. */
export const adminWithdrawalsRoutes = routesAt("/api/admin/withdrawals", new Hono<AppEnv>());

route(adminWithdrawalsRoutes, contract.getAdminWithdrawals, async (c) =>
  c.json({ withdrawals: await listWithdrawalsForAdmin(c.var.deps) }),
);
