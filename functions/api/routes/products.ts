import { Hono } from "hono";
import { productIdParamSchema } from "../../../src/domain/product";
import { getActiveProduct, listActiveProducts } from "../../services/catalog";
import type { AppEnv } from "../env";
import { publicRead, publicReadPolicies } from "../middleware/public-read";
import { validate } from "../middleware/validate";

/** The catalogue is the same for every visitor: the CDN keeps it (middleware/public-read.ts). */
const catalogueRead = publicRead(publicReadPolicies.catalogue);

export const productsRoutes = new Hono<AppEnv>()
  .get("/", catalogueRead, async (c) => c.json(await listActiveProducts(c.var.deps)))
  .get("/:id", catalogueRead, validate("param", productIdParamSchema), async (c) =>
    c.json(await getActiveProduct(c.var.deps, c.req.valid("param").id)),
  );
