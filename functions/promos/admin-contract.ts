/**
 * The owner's panel: the promo codes. Served behind the admin guard by functions/admin/routes.ts, documented from
 * functions/main/contracts.ts. Schemas and words only, never services: the docs function loads it without the code
 * that serves it.
 */
import * as z from "zod";
import { adminPromoSchema } from "../../src/domain/admin/admin";
import { administration, invalid, notFound } from "../platform/admin-contract";
import { type Contract, errorResponse } from "../platform/contract";
import { idParam } from "../platform/params";

const promoSchema =
  globalThis.API_DOCS_OMITTED ||
  z.object({ id: z.string(), code: z.string(), usage_count: z.number() }).loose();

export const adminPromosContract = {
  getAdminPromo: {
    method: "get",
    path: "/api/admin/promo",
    ...(globalThis.API_DOCS_OMITTED ||
      administration("Codes promo", { 200: { description: "Codes", schema: z.array(promoSchema) } })),
  },
  postAdminPromo: {
    method: "post",
    path: "/api/admin/promo",
    body: adminPromoSchema,
    ...(globalThis.API_DOCS_OMITTED ||
      administration("Créer un code promo (code unique, en majuscules)", {
        201: { description: "Code créé", schema: promoSchema },
        ...invalid,
        409: errorResponse("Ce code promo existe déjà"),
      })),
  },
  putAdminPromoById: {
    method: "put",
    path: "/api/admin/promo/{id}",
    params: idParam,
    body: adminPromoSchema,
    ...(globalThis.API_DOCS_OMITTED ||
      administration("Modifier un code promo", {
        200: { description: "Code", schema: promoSchema },
        ...invalid,
        ...notFound,
        409: errorResponse("Ce code promo existe déjà, ou il est archivé : il ne peut plus être modifié"),
      })),
  },
  deleteAdminPromoById: {
    method: "delete",
    path: "/api/admin/promo/{id}",
    params: idParam,
    ...(globalThis.API_DOCS_OMITTED ||
      administration(
        "Supprimer un code promo jamais utilisé (204) ; un code déjà utilisé est archivé (200) : inactif, son historique reste",
        {
          204: { description: "Supprimé" },
          ...invalid,
          ...notFound,
          200: {
            description: "Archivé au lieu d'être supprimé (le code a déjà servi)",
            schema: z.object({ archived: z.literal(true), message: z.string() }),
          },
        },
      )),
  },
  getAdminPromoByIdUsage: {
    method: "get",
    path: "/api/admin/promo/{id}/usage",
    params: idParam,
    ...(globalThis.API_DOCS_OMITTED ||
      administration("Historique d'utilisation d'un code", {
        200: { description: "Utilisations" },
        ...invalid,
        ...notFound,
      })),
  },
} satisfies Contract;
