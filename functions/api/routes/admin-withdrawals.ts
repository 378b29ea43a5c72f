import { Hono } from "hono";
import * as z from "zod";
import { adminWithdrawalSchema } from "../../../src/domain/withdrawal-schemas";
import { listWithdrawalsForAdmin } from "../../services/withdrawals";
import type { AppEnv } from "../env";
import { errorResponseSchema, type RouteDoc } from "../openapi";

/** The customers' withdrawals for the owner's dashboard; mounted under /api/admin behind its guard. */
export const adminWithdrawalsRoutes = new Hono<AppEnv>().get("/", async (c) =>
  c.json({ withdrawals: await listWithdrawalsForAdmin(c.var.deps) }),
);

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
