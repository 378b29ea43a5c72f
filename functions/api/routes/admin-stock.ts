import { Hono } from "hono";
import { stockAdjustmentSchema } from "../../../src/domain/admin";
import { productIdParamSchema } from "../../../src/domain/product";
import { adjustStock, listStockMovements, toStockMovement } from "../../services/stock";
import type { AppEnv } from "../env";
import { validate } from "../middleware/validate";

/** A product's stock movements and the owner's adjustments; mounted under /api/admin/products behind its guard. */
export const adminStockRoutes = new Hono<AppEnv>()
  .get("/:id/stock-movements", validate("param", productIdParamSchema), async (c) => {
    const movements = await listStockMovements(c.var.deps, c.req.valid("param").id);
    return c.json({ movements: movements.map(toStockMovement) });
  })
  .post(
    "/:id/stock-adjustments",
    validate("param", productIdParamSchema),
    validate("json", stockAdjustmentSchema),
    async (c) => {
      const auth = c.var.auth;
      const result = await adjustStock(
        c.var.deps,
        auth?.user.id ?? "",
        c.req.valid("param").id,
        c.req.valid("json"),
      );
      return c.json(result, 201);
    },
  );
