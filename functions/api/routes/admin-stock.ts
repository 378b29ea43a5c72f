import { Hono } from "hono";
import * as z from "zod";
import { stockAdjustmentSchema, stockMovementSchema } from "../../../src/domain/admin";
import { productIdParamSchema } from "../../../src/domain/product";
import { adjustStock, listStockMovements, toStockMovement } from "../../services/stock";
import type { AppEnv } from "../env";
import { validate } from "../middleware/validate";
import { errorResponseSchema, type RouteDoc } from "../openapi";

/** A product's stock movements and the owner's adjustments; mounted under /api/admin/products behind its guard. */
export const adminStockRoutes = new Hono<AppEnv>()
  .get("/:id/stock-movements", validate("param", productIdParamSchema), async (c) => {
    const movements = await listStockMovements(c.var.deps, c.req.valid("param").id);
    return c.json({ movements: movements.map(toStockMovement) });
  })
  .post(
    "/:id/stock-adjustments",
    validate("param", productIdParamSchema),
    validate("json", stockAdjustmentSchema),
    async (c) => {
      const auth = c.var.auth;
      const result = await adjustStock(
        c.var.deps,
        auth?.user.id ?? "",
        c.req.valid("param").id,
        c.req.valid("json"),
      );
      return c.json(result, 201);
    },
  );

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
