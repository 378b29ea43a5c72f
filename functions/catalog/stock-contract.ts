/**
 * The contract of functions/catalog/stock-routes.ts: each operation declared once, bound to its handler there
 * (functions/platform/route.ts) and documented from here (functions/platform/contracts.ts). Schemas and words only, never
 * services: the docs function loads it without the code that serves it (decision record 023).
 */
import * as z from "zod";
import { stockAdjustmentSchema, stockMovementSchema } from "../../src/domain/admin/admin";
import { productIdParamSchema } from "../../src/domain/catalog/product";
import { adminOnly, type Contract, errorResponseSchema } from "../platform/contract";

const guarded = {
  ...adminOnly,
  404: { description: "Produit introuvable", schema: errorResponseSchema },
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
        400: { description: "Identifiant invalide", schema: errorResponseSchema },
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
        400: { description: "Quantité ou raison invalide", schema: errorResponseSchema },
        409: { description: "STOCK_NEGATIVE : le stock deviendrait négatif", schema: errorResponseSchema },
        ...guarded,
      },
    }),
  },
} satisfies Contract;
