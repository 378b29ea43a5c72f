/** Schemas and words only: the docs function loads it without the code that serves it. */
import * as z from "zod";
import { stockAdjustmentSchema, stockMovementSchema } from "../../src/domain/admin/admin";
import { productIdParamSchema } from "../../src/domain/catalog/product";
import { adminOnly, type Contract, errorResponse } from "../platform/contract";

const guarded = globalThis.API_DOCS_OMITTED || {
  ...adminOnly,
  404: errorResponse("Produit introuvable"),
};

export const adminStockContract = {
  getAdminProductsByIdStockMovements: {
    method: "get",
    path: "/api/admin/products/{id}/stock-movements",
    params: productIdParamSchema,
    ...(globalThis.API_DOCS_OMITTED || {
      tag: "Administration",
      summary:
        "Mouvements de stock d'un produit, du plus récent au plus ancien (vente, commande libérée, annulation, retour, ajustement)",
      responses: {
        200: { description: "Mouvements", schema: z.object({ movements: z.array(stockMovementSchema) }) },
        400: errorResponse("Identifiant invalide"),
        ...guarded,
      },
    }),
  },
  postAdminProductsByIdStockAdjustments: {
    method: "post",
    path: "/api/admin/products/{id}/stock-adjustments",
    params: productIdParamSchema,
    body: stockAdjustmentSchema,
    ...(globalThis.API_DOCS_OMITTED || {
      tag: "Administration",
      summary:
        "Ajuster le stock d'une quantité signée avec sa raison (« +24 reçus du séchoir », « -2 cassés ») : les ventes faites entre-temps sont conservées",
      responses: {
        201: { description: "Nouveau stock", schema: z.object({ stock: z.number() }) },
        400: errorResponse("Quantité ou raison invalide"),
        409: errorResponse("STOCK_NEGATIVE : le stock deviendrait négatif"),
        ...guarded,
      },
    }),
  },
} satisfies Contract;
