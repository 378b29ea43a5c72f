/**
 * The owner's panel: the owner's guard check and the dashboard's figures. Served behind the admin guard by functions/admin/routes.ts, documented from
 * functions/main/contracts.ts. Schemas and words only, never services: the docs function loads it without the code
 * that serves it.
 */
import * as z from "zod";
import { administration } from "../platform/admin-contract";
import type { Contract } from "../platform/contract";

/** The dashboard's figures (adminStats): counts, and amounts in euros. */
const statsSchema =
  globalThis.API_DOCS_OMITTED ||
  z.object({
    totalUsers: z.number().int(),
    totalProducts: z.number().int(),
    totalOrders: z.number().int(),
    totalRevenue: z.number().describe("Euros"),
    ordersThisMonth: z.number().int(),
    averageOrderValue: z.number().describe("Euros"),
    pendingOrders: z.number().int(),
    completedOrders: z.number().int(),
  });

export const adminContract = {
  getAdminCheck: {
    method: "get",
    path: "/api/admin/check",
    ...(globalThis.API_DOCS_OMITTED || {
      tag: "Administration",
      summary: "L'appelant est-il administrateur ? (répond à tous, false si anonyme)",
      responses: { 200: { description: "Réponse", schema: z.object({ isAdmin: z.boolean() }) } },
    }),
  },
  getAdminStats: {
    method: "get",
    path: "/api/admin/stats",
    ...(globalThis.API_DOCS_OMITTED ||
      administration("Statistiques du tableau de bord", {
        200: {
          description: "Chiffres",
          schema: statsSchema,
        },
      })),
  },
} satisfies Contract;
