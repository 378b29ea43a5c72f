/** Schemas and words only: the docs function loads it without the code that serves it. */
import * as z from "zod";
import { adminWithdrawalSchema } from "../../src/domain/withdrawals/withdrawal-schemas";
import { type Contract, errorResponse } from "../platform/contract";

export const adminWithdrawalsContract = {
  getAdminWithdrawals: {
    method: "get",
    path: "/api/admin/withdrawals",
    ...(globalThis.API_DOCS_OMITTED || {
      tag: "Administration",
      summary:
        "Rétractations des clients, la plus récente d'abord, avec la date limite de remboursement (14 jours, L221-24), l'état du remboursement et les retards",
      responses: {
        200: {
          description: "Rétractations",
          schema: z.object({ withdrawals: z.array(adminWithdrawalSchema) }),
        },
        401: errorResponse("Non connecté"),
        403: errorResponse("Réservé aux administrateurs"),
      },
    }),
  },
} satisfies Contract;
