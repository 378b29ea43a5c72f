import { Hono } from "hono";
import type { AppEnv } from "../platform/env";
import { publicRead, publicReadPolicies } from "../platform/middleware/public-read";
import { route, routesAt } from "../platform/route";
import { productsContract as contract } from "./contract";
import { getActiveProduct, listActiveProducts } from "./service";

/** The catalogue is the same for every visitor: the CDN keeps it (middleware/public-read.ts). */
const catalogueRead = publicRead(publicReadPolicies.catalogue);

export const productsRoutes = routesAt({ mount: "/api/products", area: "catalog" }, new Hono<AppEnv>());

route(productsRoutes, contract.getProducts, catalogueRead, async (c) =>
  c.json(await listActiveProducts(c.var.deps)),
);

route(productsRoutes, contract.getProductsById, catalogueRead, async (c) =>
  c.json(await getActiveProduct(c.var.deps, c.req.valid("param").id)),
);
