/**
 * The owner's panel: the customers as the owner sees them. Served behind the admin guard by functions/admin/routes.ts, documented from
 * functions/main/contracts.ts. Schemas and words only, never services: the docs function loads it without the code
 * that serves it.
 */
import * as z from "zod";
import { sessionUserSchema } from "../../src/domain/accounts/account";
import { addressSchema } from "../../src/domain/accounts/address";
import { pageQuerySchema } from "../../src/domain/admin/admin";
import { administration, invalid, notFound, page } from "../platform/admin-contract";
import type { Contract } from "../platform/contract";
import { idParam } from "../platform/params";

/** A customer as the owner sees them: the session's view of the account (toSessionUser). */
const userDetailsSchema =
  globalThis.API_DOCS_OMITTED ||
  sessionUserSchema.extend({
    addresses: z.array(addressSchema),
    mail_suppression: z
      .object({ reason: z.enum(["bounce", "complaint"]), at: z.string() })
      .nullable()
      .describe("SES a refusé l'adresse (rebond permanent ou plainte) : la boutique ne lui écrit plus"),
  });

export const adminUsersContract = {
  getAdminUsers: {
    method: "get",
    path: "/api/admin/users",
    query: pageQuerySchema,
    ...(globalThis.API_DOCS_OMITTED ||
      administration("Clients, du plus récent au plus ancien", {
        200: { description: "Page", schema: page("users", sessionUserSchema) },
        ...invalid,
      })),
  },
  getAdminUsersById: {
    method: "get",
    path: "/api/admin/users/{id}",
    params: idParam,
    ...(globalThis.API_DOCS_OMITTED ||
      administration("Profil et adresses d'un client", {
        200: { description: "Client", schema: userDetailsSchema },
        ...invalid,
        ...notFound,
      })),
  },
  deleteAdminUsersByIdMailSuppression: {
    method: "delete",
    path: "/api/admin/users/{id}/mail-suppression",
    params: idParam,
    ...(globalThis.API_DOCS_OMITTED ||
      administration(
        "Réautoriser les e-mails vers l'adresse d'un client, refusée par SES (rebond permanent ou plainte)",
        { 204: { description: "Levé (ou rien à lever)" }, ...invalid, ...notFound },
      )),
  },
  getAdminUsersByIdSummary: {
    method: "get",
    path: "/api/admin/users/{id}/summary",
    params: idParam,
    ...(globalThis.API_DOCS_OMITTED ||
      administration("Identité d'un client (historique des codes promo)", {
        200: { description: "Client", schema: userDetailsSchema },
        ...invalid,
        ...notFound,
      })),
  },
} satisfies Contract;
