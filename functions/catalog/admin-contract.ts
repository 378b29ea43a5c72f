/**
 * The owner's panel: the products as the owner edits them. Served behind the admin guard by functions/admin/routes.ts, documented from
 * functions/main/contracts.ts. Schemas and words only, never services: the docs function loads it without the code
 * that serves it.
 */
import * as z from "zod";
import { adminProductSchema, adminProductUpdateSchema } from "../../src/domain/admin/admin";
import { productIdParamSchema, productSchema } from "../../src/domain/catalog/product";
import { administration, invalid, notFound } from "../platform/admin-contract";
import { type Contract, errorResponse, errorResponseSchema } from "../platform/contract";

const incomplete =
  "PRODUCT_INCOMPLETE : un produit en vente doit avoir ses informations obligatoires (missing_fields les nomme)";

export const adminProductsContract = {
  getAdminProducts: {
    method: "get",
    path: "/api/admin/products",
    ...(globalThis.API_DOCS_OMITTED ||
      administration("Tous les produits, actifs ou non", {
        200: {
          description: "Produits",
          schema: z.array(productSchema),
        },
      })),
  },
  postAdminProducts: {
    method: "post",
    path: "/api/admin/products",
    body: adminProductSchema,
    ...(globalThis.API_DOCS_OMITTED ||
      administration("Créer un produit", {
        201: { description: "Produit créé", schema: productSchema },
        ...invalid,
        409: { description: incomplete, schema: errorResponseSchema },
      })),
  },
  putAdminProductsById: {
    method: "put",
    path: "/api/admin/products/{id}",
    params: productIdParamSchema,
    body: adminProductUpdateSchema,
    ...(globalThis.API_DOCS_OMITTED ||
      administration(
        "Modifier un produit (stock_loaded : le stock affiché à l'ouverture du formulaire ; un nouveau stock n'est écrit que s'il n'a pas changé depuis)",
        {
          200: { description: "Produit", schema: productSchema },
          ...invalid,
          ...notFound,
          409: errorResponse(
            `STOCK_CHANGED : le stock a changé depuis l'ouverture du formulaire ; stock donne le stock actuel. ${incomplete}`,
          ),
        },
      )),
  },
  deleteAdminProductsById: {
    method: "delete",
    path: "/api/admin/products/{id}",
    params: productIdParamSchema,
    ...(globalThis.API_DOCS_OMITTED ||
      administration("Supprimer un produit", { 204: { description: "Supprimé" }, ...invalid, ...notFound })),
  },
} satisfies Contract;
