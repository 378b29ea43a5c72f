import { Hono } from "hono";
import { productIdParamSchema } from "../../../src/domain/product";
import { getActiveProduct, listActiveProducts } from "../../services/catalog";
import type { AppEnv } from "../env";
import { validate } from "../middleware/validate";

export const productsRoutes = new Hono<AppEnv>()
  .get("/", async (c) => c.json(await listActiveProducts(c.var.deps)))
  .get("/:id", validate("param", productIdParamSchema), async (c) =>
    c.json(await getActiveProduct(c.var.deps, c.req.valid("param").id)),
  );
