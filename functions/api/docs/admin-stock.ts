/**
 * The OpenAPI documentation of routes/admin-stock.ts (functions/api/routes/openapi.ts gathers them): schemas and words only,
 * never services, so the docs function carries no more than the documentation.
 */
import * as z from "zod";
import { stockAdjustmentSchema, stockMovementSchema } from "../../../src/domain/admin";
import { productIdParamSchema } from "../../../src/domain/product";
import { errorResponseSchema, type RouteDoc } from "../openapi";

const guarded = {
  401: { description: "Non connecté", schema: errorResponseSchema },
  403: { description: "Réservé aux administrateurs", schema: errorResponseSchema },
  404: { description: "Produit introuvable", schema: errorResponseSchema },
};

export const adminStockDocs: RouteDoc[] = [
  {
    method: "get",
    path: "/api/admin/products/{id}/stock-movements",
    tag: "Administration",
    summary:
      "Mouvements de stock d'un produit, du plus récent au plus ancien (vente, commande libérée, annulation, retour, ajustement)",
    params: productIdParamSchema,
    responses: {
      200: { description: "Mouvements", schema: z.object({ movements: z.array(stockMovementSchema) }) },
      400: { description: "Identifiant invalide", schema: errorResponseSchema },
      ...guarded,
    },
  },
  {
    method: "post",
    path: "/api/admin/products/{id}/stock-adjustments",
    tag: "Administration",
    summary:
      "Ajuster le stock d'une quantité signée avec sa raison (« +24 reçus du séchoir », « -2 cassés ») : les ventes faites entre-temps sont conservées",
    params: productIdParamSchema,
    body: stockAdjustmentSchema,
    responses: {
      201: { description: "Nouveau stock", schema: z.object({ stock: z.number() }) },
      400: { description: "Quantité ou raison invalide", schema: errorResponseSchema },
      409: { description: "STOCK_NEGATIVE : le stock deviendrait négatif", schema: errorResponseSchema },
      ...guarded,
    },
  },
];
