/**
 * The OpenAPI documentation of routes/admin-withdrawals.ts (functions/api/routes/openapi.ts gathers them): schemas and words only,
 * never services, so the docs function carries no more than the documentation.
 */
import * as z from "zod";
import { adminWithdrawalSchema } from "../../../src/domain/withdrawal-schemas";
import { errorResponseSchema, type RouteDoc } from "../openapi";

export const adminWithdrawalsDocs: RouteDoc[] = [
  {
    method: "get",
    path: "/api/admin/withdrawals",
    tag: "Administration",
    summary:
      "Rétractations des clients, la plus récente d'abord, avec la date limite de remboursement (14 jours, L221-24), l'état du remboursement et les retards",
    responses: {
      200: {
        description: "Rétractations",
        schema: z.object({ withdrawals: z.array(adminWithdrawalSchema) }),
      },
      401: { description: "Non connecté", schema: errorResponseSchema },
      403: { description: "Réservé aux administrateurs", schema: errorResponseSchema },
    },
  },
];
