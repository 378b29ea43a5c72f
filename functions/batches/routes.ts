import { Hono } from "hono";
import { withSession } from "../accounts/session-middleware";
import type { AppEnv } from "../platform/env";
import { requireAdmin } from "../platform/middleware/admin";
import { route, routesAt } from "../platform/route";
import { listBatches } from "./batch-stock";
import { adminBatchesContract as contract } from "./contract";
import { adjustBatch, createBatch, type RecallOrdersOf, recallList, sendRecall, toBatch } from "./service";

/** Served by the "lots" function: the admin function is at its budget. */
export function adminBatchesRoutes(ordersOf: RecallOrdersOf) {
  const routes = routesAt(
    { mount: "/api/admin/batches", area: "lots" },
    new Hono<AppEnv>().use(withSession, requireAdmin),
  );

  route(routes, contract.getAdminBatchesByProductId, async (c) => {
    const batches = await listBatches(c.var.deps, c.req.valid("param").productId);
    return c.json({ batches: batches.map(toBatch) });
  });

  route(routes, contract.postAdminBatchesByProductId, async (c) => {
    const batch = await createBatch(
      c.var.deps,
      c.var.auth?.user.id ?? "",
      c.req.valid("param").productId,
      c.req.valid("json"),
    );
    return c.json(batch, 201);
  });

  route(routes, contract.postAdminBatchesByProductIdByLotAdjustments, async (c) => {
    const { productId, lot } = c.req.valid("param");
    const { delta, note } = c.req.valid("json");
    const adminId = c.var.auth?.user.id ?? "";
    return c.json(await adjustBatch(c.var.deps, productId, lot, { delta, note, adminId }));
  });

  route(routes, contract.getAdminBatchesByProductIdByLotRecall, async (c) => {
    const { productId, lot } = c.req.valid("param");
    return c.json({ entries: await recallList(c.var.deps, ordersOf, productId, lot) });
  });

  route(routes, contract.postAdminBatchesByProductIdByLotRecall, async (c) => {
    const { productId, lot } = c.req.valid("param");
    const { risk } = c.req.valid("json");
    return c.json(await sendRecall(c.var.deps, ordersOf, c.var.auth?.user.id ?? "", productId, lot, risk));
  });
  return routes;
}
