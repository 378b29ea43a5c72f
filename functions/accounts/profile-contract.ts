/** Schemas and words only: the docs function loads it without the code that serves it. */
import * as z from "zod";
import {
  accountDeletionSchema,
  profileUpdateSchema,
  sessionUserSchema,
} from "../../src/domain/accounts/account";
import { addressInputSchema, addressSchema } from "../../src/domain/accounts/address";
import { type Contract, errorResponse } from "../platform/contract";
import { rateLimitedSchema } from "../platform/middleware/retry-after";
import { addressIdParam, addressUpdateSchema } from "./schemas";

const unauthenticated = globalThis.API_DOCS_OMITTED || errorResponse("Non connecté");

const notFound = globalThis.API_DOCS_OMITTED || errorResponse("Adresse inconnue ou d'un autre client");

export const userContract = {
  postUserAccountDelete: {
    method: "post",
    path: "/api/user/account/delete",
    body: accountDeletionSchema,
    ...(globalThis.API_DOCS_OMITTED || {
      tag: "Profil",
      summary:
        "Supprimer mon compte (RGPD art. 17) : mot de passe exigé ; compte, adresses et sessions supprimés, commandes " +
        "anonymisées, factures et avoirs conservés 10 ans",
      responses: {
        200: {
          description: "Compte supprimé, session fermée",
          schema: z.object({ success: z.literal(true), message: z.string() }),
        },
        400: errorResponse("Mot de passe manquant ou incorrect"),
        401: unauthenticated,
        403: errorResponse("Compte administrateur"),
        409: errorResponse("Une commande est en cours ou un remboursement est dû"),
        429: { description: "Trop de mots de passe incorrects (Retry-After)", schema: rateLimitedSchema },
      },
    }),
  },
  getUserProfile: {
    method: "get",
    path: "/api/user/profile",
    ...(globalThis.API_DOCS_OMITTED || {
      tag: "Profil",
      summary: "Mon profil",
      responses: { 200: { description: "Profil", schema: sessionUserSchema }, 401: unauthenticated },
    }),
  },
  putUserProfile: {
    method: "put",
    path: "/api/user/profile",
    body: profileUpdateSchema,
    ...(globalThis.API_DOCS_OMITTED || {
      tag: "Profil",
      summary: "Modifier nom complet et téléphone (l'e-mail n'est pas modifiable)",
      responses: {
        200: { description: "Profil modifié", schema: sessionUserSchema },
        400: errorResponse("Champs invalides"),
        401: unauthenticated,
      },
    }),
  },
  getUserAddresses: {
    method: "get",
    path: "/api/user/addresses",
    ...(globalThis.API_DOCS_OMITTED || {
      tag: "Adresses",
      summary: "Mes adresses (la principale d'abord)",
      responses: { 200: { description: "Adresses", schema: z.array(addressSchema) }, 401: unauthenticated },
    }),
  },
  postUserAddresses: {
    method: "post",
    path: "/api/user/addresses",
    body: addressInputSchema,
    ...(globalThis.API_DOCS_OMITTED || {
      tag: "Adresses",
      summary: "Ajouter une adresse (la première devient l'adresse principale)",
      responses: {
        201: { description: "Adresse ajoutée", schema: addressSchema },
        400: errorResponse("Champs invalides"),
        401: unauthenticated,
      },
    }),
  },
  putUserAddressesById: {
    method: "put",
    path: "/api/user/addresses/{id}",
    params: addressIdParam,
    body: addressUpdateSchema,
    ...(globalThis.API_DOCS_OMITTED || {
      tag: "Adresses",
      summary: "Modifier une adresse, ou en faire l'adresse principale avec { is_default: true }",
      responses: {
        200: { description: "Adresse modifiée", schema: addressSchema },
        400: errorResponse("Champs invalides"),
        401: unauthenticated,
        404: notFound,
      },
    }),
  },
  deleteUserAddressesById: {
    method: "delete",
    path: "/api/user/addresses/{id}",
    params: addressIdParam,
    ...(globalThis.API_DOCS_OMITTED || {
      tag: "Adresses",
      summary: "Supprimer une adresse",
      responses: { 204: { description: "Adresse supprimée" }, 401: unauthenticated, 404: notFound },
    }),
  },
} satisfies Contract;
