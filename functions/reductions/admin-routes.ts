import { Hono } from "hono";
import { nationalSalesPeriods } from "../../src/domain/reductions/sales-periods";
import { withSession } from "../accounts/session-middleware";
import type { AppEnv } from "../platform/env";
import { requireAdmin } from "../platform/middleware/admin";
import { route, routesAt } from "../platform/route";
import { adminReductionsContract as contract } from "./admin-contract";
import { listReductions, pastPriceHistory, scheduleReduction, withdrawReduction } from "./service";

/** Served by the "lots" function, with the owner's other lists outside the admin function. */
export const adminReductionsRoutes = routesAt(
  { mount: "/api/admin/reductions", area: "lots" },
  new Hono<AppEnv>().use(withSession, requireAdmin),
);

route(adminReductionsRoutes, contract.getAdminReductions, async (c) => {
  const year = Number(
    c.var.deps.clock().toLocaleDateString("fr-FR", { timeZone: "Europe/Paris", year: "numeric" }),
  );
  const periods = [year, year + 1].flatMap(nationalSalesPeriods).map((period) => ({
    season: period.season,
    starts_at: period.start.toISOString(),
    ends_at: period.end.toISOString(),
  }));
  return c.json({ reductions: await listReductions(c.var.deps), periods });
});

route(adminReductionsRoutes, contract.postAdminReductions, async (c) => {
  const reduction = await scheduleReduction(c.var.deps, c.req.valid("json"), c.var.auth?.user.id);
  return c.json({ reduction }, 201);
});

route(adminReductionsRoutes, contract.deleteAdminReductionsById, async (c) => {
  await withdrawReduction(c.var.deps, c.req.valid("param").id, c.var.auth?.user.id);
  return c.body(null, 204);
});

route(adminReductionsRoutes, contract.getAdminReductionsHistoryById, async (c) =>
  c.json({ history: await pastPriceHistory(c.var.deps, c.req.valid("param").id) }),
);
