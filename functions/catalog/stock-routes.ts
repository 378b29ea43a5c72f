import { Hono } from "hono";
import type { AppEnv } from "../platform/env";
import { route, routesAt } from "../platform/route";
import { adjustStock, listStockMovements, toStockMovement } from "./stock";
import { adminStockContract as contract } from "./stock-contract";

/** A product's stock movements and the owner's adjustments; mounted under /api/admin/products behind its guard. */
export const adminStockRoutes = routesAt(
  { mount: "/api/admin/products", within: "/api/admin" },
  new Hono<AppEnv>(),
);

route(adminStockRoutes, contract.getAdminProductsByIdStockMovements, async (c) => {
  const movements = await listStockMovements(c.var.deps, c.req.valid("param").id);
  return c.json({ movements: movements.map(toStockMovement) });
});

route(adminStockRoutes, contract.postAdminProductsByIdStockAdjustments, async (c) => {
  const auth = c.var.auth;
  const result = await adjustStock(
    c.var.deps,
    auth?.user.id ?? "",
    c.req.valid("param").id,
    c.req.valid("json"),
  );
  return c.json(result, 201);
});
