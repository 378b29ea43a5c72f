/**
 * The OpenAPI documentation of routes/products.ts (functions/api/routes/openapi.ts gathers them): schemas and words only,
 * never services, so the docs function carries no more than the documentation.
 */
import * as z from "zod";
import { productIdParamSchema, productSchema } from "../../../src/domain/product";
import { errorResponseSchema, type RouteDoc } from "../openapi";

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
