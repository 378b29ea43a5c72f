import { Hono } from "hono";
import type { AppEnv } from "../platform/env";
import { route, routesAt } from "../platform/route";
import { adminWithdrawalsContract as contract } from "./admin-contract";
import { listWithdrawalsForAdmin } from "./service";

export const adminWithdrawalsRoutes = routesAt(
  { mount: "/api/admin/withdrawals", within: "/api/admin" },
  new Hono<AppEnv>(),
);

route(adminWithdrawalsRoutes, contract.getAdminWithdrawals, async (c) =>
  c.json({ withdrawals: await listWithdrawalsForAdmin(c.var.deps) }),
);
