/** The owner's « Réductions », served by the "lots" function. Schemas and words only. */
import * as z from "zod";
import { productIdParamSchema } from "../../src/domain/catalog/product";
import {
  adminReductionSchema,
  priceHistoryLineSchema,
  reductionIdParamSchema,
  salesPeriodViewSchema,
} from "../../src/domain/reductions/admin-reduction";
import { reductionInputSchema } from "../../src/domain/reductions/reduction";
import { administration, invalid } from "../platform/admin-contract";
import { type Contract, errorResponse } from "../platform/contract";

export const adminReductionsContract = {
  getAdminReductions: {
    method: "get",
    path: "/api/admin/reductions",
    ...(globalThis.API_DOCS_OMITTED ||
      administration(
        "Les réductions programmées, en cours et terminées (la plus récente d'abord), et les périodes de soldes nationales de cette année et de la suivante",
        {
          200: {
            description: "Réductions et périodes",
            schema: z.object({
              reductions: z.array(adminReductionSchema),
              periods: z.array(salesPeriodViewSchema),
            }),
          },
        },
      )),
  },
  postAdminReductions: {
    method: "post",
    path: "/api/admin/reductions",
    body: reductionInputSchema,
    ...(globalThis.API_DOCS_OMITTED ||
      administration(
        "Programmer une réduction (« Promotion » ou « Soldes ») sur un ou plusieurs produits : le prix de référence, le plus bas des 30 jours précédents, est calculé par la boutique",
        {
          201: {
            description: "La réduction programmée",
            schema: z.object({ reduction: adminReductionSchema }),
          },
          ...invalid,
          404: errorResponse("Produit introuvable"),
          409: errorResponse(
            "REDUCTION_REFUSED : « Soldes » hors période, produit en vente depuis moins d'un mois, chevauchement, prix pas inférieur au prix de référence (chaque raison dans refusals)",
          ),
        },
      )),
  },
  deleteAdminReductionsById: {
    method: "delete",
    path: "/api/admin/reductions/{id}",
    params: reductionIdParamSchema,
    ...(globalThis.API_DOCS_OMITTED ||
      administration(
        "Annuler une réduction pas encore commencée, ou arrêter maintenant une réduction en cours",
        {
          204: { description: "Annulée ou arrêtée" },
          ...invalid,
          404: errorResponse("Réduction introuvable"),
          409: errorResponse("REDUCTION_OVER : la réduction est déjà terminée"),
        },
      )),
  },
  getAdminReductionsHistoryById: {
    method: "get",
    path: "/api/admin/reductions/history/{id}",
    params: productIdParamSchema,
    ...(globalThis.API_DOCS_OMITTED ||
      administration("L'historique des prix d'un produit jusqu'à maintenant, du plus ancien au plus récent", {
        200: { description: "Historique", schema: z.object({ history: z.array(priceHistoryLineSchema) }) },
        ...invalid,
        404: errorResponse("Produit introuvable"),
      })),
  },
} satisfies Contract;
