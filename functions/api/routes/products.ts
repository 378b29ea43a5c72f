import { Hono } from "hono";
import * as z from "zod";
import { productIdParamSchema, productSchema } from "../../../src/domain/product";
import { getActiveProduct, listActiveProducts } from "../../services/catalog";
import type { AppEnv } from "../env";
import { publicRead, publicReadPolicies } from "../middleware/public-read";
import { validate } from "../middleware/validate";
import { errorResponseSchema, type RouteDoc } from "../openapi";

/** The catalogue is the same for every visitor: the CDN keeps it (middleware/public-read.ts). */
const catalogueRead = publicRead(publicReadPolicies.catalogue);

export const productsRoutes = new Hono<AppEnv>()
  .get("/", catalogueRead, async (c) => c.json(await listActiveProducts(c.var.deps)))
  .get("/:id", catalogueRead, validate("param", productIdParamSchema), async (c) =>
    c.json(await getActiveProduct(c.var.deps, c.req.valid("param").id)),
  );

export const productsDocs: RouteDoc[] = [
  {
    method: "get",
    path: "/api/products",
    tag: "Catalogue",
    summary: "Produits actifs du catalogue",
    responses: { 200: { description: "Liste des produits actifs", schema: z.array(productSchema) } },
  },
  {
    method: "get",
    path: "/api/products/{id}",
    tag: "Catalogue",
    summary: "Un produit actif",
    params: productIdParamSchema,
    responses: {
      200: { description: "Le produit", schema: productSchema },
      400: { description: "Identifiant invalide", schema: errorResponseSchema },
      404: { description: "Produit inconnu ou inactif", schema: errorResponseSchema },
    },
  },
];
