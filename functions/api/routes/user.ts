import { Hono } from "hono";
import * as z from "zod";
import { accountDeletionSchema, profileUpdateSchema, sessionUserSchema } from "../../../src/domain/account";
import { addressInputSchema, addressSchema } from "../../../src/domain/address";
import { DomainError } from "../../../src/domain/errors";
import { createAddress, deleteAddress, listAddresses, updateAddress } from "../../services/addresses";
import { eraseAccount } from "../../services/personal-data/erase";
import { getProfile, updateProfile } from "../../services/profile";
import type { AppEnv } from "../env";
import { rateLimitedSchema, retryAfterHeader } from "../middleware/retry-after";
import { caller, clearSessionCookie, requireUser, withSession } from "../middleware/session";
import { validate } from "../middleware/validate";
import { errorResponseSchema, type RouteDoc } from "../openapi";

/** Address ids are ULIDs; anything else cannot be one of the caller's addresses. */
const addressIdParam = z.object({ id: z.string() });
function addressId(id: string): string {
  if (!/^[0-9A-HJKMNP-TV-Z]{26}$/.test(id)) throw new DomainError("ADDRESS_NOT_FOUND");
  return id;
}

const addressUpdateSchema = z.union([z.strictObject({ is_default: z.literal(true) }), addressInputSchema]);

/** The caller's own profile and address book: every route is behind the session, every key is the caller's id. */
export const userRoutes = new Hono<AppEnv>()
  .use(retryAfterHeader, withSession, requireUser)
  .get("/profile", async (c) => c.json(await getProfile(c.var.deps, caller(c).user.id)))
  .put("/profile", validate("json", profileUpdateSchema), async (c) =>
    c.json(await updateProfile(c.var.deps, caller(c).user.id, c.req.valid("json"))),
  )
  .get("/addresses", async (c) => c.json(await listAddresses(c.var.deps, caller(c).user.id)))
  .post("/addresses", validate("json", addressInputSchema), async (c) =>
    c.json(await createAddress(c.var.deps, caller(c).user.id, c.req.valid("json")), 201),
  )
  .put(
    "/addresses/:id",
    validate("param", addressIdParam),
    validate("json", addressUpdateSchema),
    async (c) =>
      c.json(
        await updateAddress(
          c.var.deps,
          caller(c).user.id,
          addressId(c.req.valid("param").id),
          c.req.valid("json"),
        ),
      ),
  )
  .delete("/addresses/:id", validate("param", addressIdParam), async (c) => {
    await deleteAddress(c.var.deps, caller(c).user.id, addressId(c.req.valid("param").id));
    return c.body(null, 204);
  })
  .post("/account/delete", validate("json", accountDeletionSchema), async (c) => {
    await eraseAccount(c.var.deps, caller(c).user, c.req.valid("json").password);
    clearSessionCookie(c);
    return c.json({ success: true as const, message: ACCOUNT_DELETED });
  });

/** The answer to an erased account (the profile shows it on the home page it returns to). */
export const ACCOUNT_DELETED =
  "Votre compte et vos données personnelles ont été supprimés. Vos factures restent conservées 10 ans, comme la loi l'exige.";

const unauthenticated = { description: "Non connecté", schema: errorResponseSchema };
const notFound = { description: "Adresse inconnue ou d'un autre client", schema: errorResponseSchema };

export const userDocs: RouteDoc[] = [
  {
    method: "post",
    path: "/api/user/account/delete",
    tag: "Profil",
    summary:
      "Supprimer mon compte (RGPD art. 17) : mot de passe exigé ; compte, adresses et sessions supprimés, commandes " +
      "anonymisées, factures et avoirs conservés 10 ans",
    body: accountDeletionSchema,
    responses: {
      200: {
        description: "Compte supprimé, session fermée",
        schema: z.object({ success: z.literal(true), message: z.string() }),
      },
      400: { description: "Mot de passe manquant ou incorrect", schema: errorResponseSchema },
      401: unauthenticated,
      403: { description: "Compte administrateur", schema: errorResponseSchema },
      409: {
        description: "Une commande est en cours ou un remboursement est dû",
        schema: errorResponseSchema,
      },
      429: { description: "Trop de mots de passe incorrects (Retry-After)", schema: rateLimitedSchema },
    },
  },
  {
    method: "get",
    path: "/api/user/profile",
    tag: "Profil",
    summary: "Mon profil",
    responses: { 200: { description: "Profil", schema: sessionUserSchema }, 401: unauthenticated },
  },
  {
    method: "put",
    path: "/api/user/profile",
    tag: "Profil",
    summary: "Modifier nom complet et téléphone (l'e-mail n'est pas modifiable)",
    body: profileUpdateSchema,
    responses: {
      200: { description: "Profil modifié", schema: sessionUserSchema },
      400: { description: "Champs invalides", schema: errorResponseSchema },
      401: unauthenticated,
    },
  },
  {
    method: "get",
    path: "/api/user/addresses",
    tag: "Adresses",
    summary: "Mes adresses (la principale d'abord)",
    responses: { 200: { description: "Adresses", schema: z.array(addressSchema) }, 401: unauthenticated },
  },
  {
    method: "post",
    path: "/api/user/addresses",
    tag: "Adresses",
    summary: "Ajouter une adresse (la première devient l'adresse principale)",
    body: addressInputSchema,
    responses: {
      201: { description: "Adresse ajoutée", schema: addressSchema },
      400: { description: "Champs invalides", schema: errorResponseSchema },
      401: unauthenticated,
    },
  },
  {
    method: "put",
    path: "/api/user/addresses/{id}",
    tag: "Adresses",
    summary: "Modifier une adresse, ou en faire l'adresse principale avec { is_default: true }",
    params: addressIdParam,
    body: addressUpdateSchema,
    responses: {
      200: { description: "Adresse modifiée", schema: addressSchema },
      400: { description: "Champs invalides", schema: errorResponseSchema },
      401: unauthenticated,
      404: notFound,
    },
  },
  {
    method: "delete",
    path: "/api/user/addresses/{id}",
    tag: "Adresses",
    summary: "Supprimer une adresse",
    params: addressIdParam,
    responses: { 204: { description: "Adresse supprimée" }, 401: unauthenticated, 404: notFound },
  },
];
