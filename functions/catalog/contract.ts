/** Schemas and words only: the docs function loads it without the code that serves it. */
import * as z from "zod";
import { productIdParamSchema, productSchema } from "../../src/domain/catalog/product";
import { type Contract, errorResponse } from "../platform/contract";

export const productsContract = {
  getProducts: {
    method: "get",
    path: "/api/products",
    ...(globalThis.API_DOCS_OMITTED || {
      tag: "Catalogue",
      summary: "Produits actifs du catalogue",
      responses: { 200: { description: "Liste des produits actifs", schema: z.array(productSchema) } },
    }),
  },
  getProductsById: {
    method: "get",
    path: "/api/products/{id}",
    params: productIdParamSchema,
    ...(globalThis.API_DOCS_OMITTED || {
      tag: "Catalogue",
      summary: "Un produit actif",
      responses: {
        200: { description: "Le produit", schema: productSchema },
        400: errorResponse("Identifiant invalide"),
        404: errorResponse("Produit inconnu ou inactif"),
      },
    }),
  },
} satisfies Contract;
