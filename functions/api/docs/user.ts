/**
 * The OpenAPI documentation of routes/user.ts (functions/api/routes/openapi.ts gathers them): schemas and words only,
 * never services, so the docs function carries no more than the documentation.
 */
import * as z from "zod";
import { accountDeletionSchema, profileUpdateSchema, sessionUserSchema } from "../../../src/domain/account";
import { addressInputSchema, addressSchema } from "../../../src/domain/address";
import { rateLimitedSchema } from "../middleware/retry-after";
import { errorResponseSchema, type RouteDoc } from "../openapi";
import { addressIdParam, addressUpdateSchema } from "../schemas/user";

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
