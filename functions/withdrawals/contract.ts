/** Schemas and words only: the docs function loads it without the code that serves it. */
import * as z from "zod";
import {
  guestWithdrawalConfirmSchema,
  withdrawalConfirmSchema,
  withdrawalLookupSchema,
  withdrawalRecordSchema,
  withdrawalViewSchema,
} from "../../src/domain/withdrawals/withdrawal-schemas";
import { type Contract, errorResponse as error } from "../platform/contract";
import { rateLimitedSchema } from "../platform/middleware/retry-after";
import { idParam } from "../platform/params";

const recorded = globalThis.API_DOCS_OMITTED || z.object({ withdrawal: withdrawalRecordSchema });

const unauthenticated = globalThis.API_DOCS_OMITTED || error("Non connecté");

const notYours = globalThis.API_DOCS_OMITTED || error("Commande inconnue ou d'un autre client");

export const withdrawalsContract = {
  getWithdrawalsOrdersById: {
    method: "get",
    path: "/api/withdrawals/orders/{id}",
    params: idParam,
    ...(globalThis.API_DOCS_OMITTED || {
      tag: "Rétractation",
      summary:
        "La rétractation d'une de mes commandes : délai, lignes et quantités encore rétractables, demandes faites",
      responses: {
        200: { description: "Rétractation", schema: withdrawalViewSchema },
        400: error("Identifiant invalide"),
        401: unauthenticated,
        404: notYours,
      },
    }),
  },
  postWithdrawalsOrdersById: {
    method: "post",
    path: "/api/withdrawals/orders/{id}",
    params: idParam,
    body: withdrawalConfirmSchema,
    ...(globalThis.API_DOCS_OMITTED || {
      tag: "Rétractation",
      summary:
        "Confirmer ma rétractation d'une de mes commandes (toute la commande ou certaines lignes, sans motif) ; accusé de réception par e-mail. Le même form_key renvoie la première rétractation.",
      responses: {
        201: { description: "Rétractation enregistrée", schema: recorded },
        200: { description: "Déjà enregistrée par ce formulaire", schema: recorded },
        400: error("Champs invalides"),
        401: unauthenticated,
        404: notYours,
        409: error(
          "WITHDRAWAL_CLOSED : délai expiré, quantités déjà rétractées, commande annulée ; CONFLICT : formulaire périmé",
        ),
      },
    }),
  },
  postWithdrawalsLookup: {
    method: "post",
    path: "/api/withdrawals/lookup",
    body: withdrawalLookupSchema,
    ...(globalThis.API_DOCS_OMITTED || {
      tag: "Rétractation",
      summary:
        "Retrouver une commande pour s'en rétracter sans compte (numéro de commande et e-mail) : délai, lignes et quantités encore rétractables",
      responses: {
        200: { description: "La commande et sa rétractation", schema: withdrawalViewSchema },
        400: error("Numéro ou e-mail invalide"),
        404: error("Aucune commande pour ce numéro et cet e-mail (même réponse quoi qu'il existe)"),
        429: { description: "Trop de recherches depuis cette adresse", schema: rateLimitedSchema },
      },
    }),
  },
  postWithdrawals: {
    method: "post",
    path: "/api/withdrawals",
    body: guestWithdrawalConfirmSchema,
    ...(globalThis.API_DOCS_OMITTED || {
      tag: "Rétractation",
      summary:
        "Confirmer la rétractation sans compte (toute la commande ou certaines lignes, sans motif) ; accusé de réception par e-mail. Le même form_key renvoie la première rétractation.",
      responses: {
        201: { description: "Rétractation enregistrée", schema: recorded },
        200: { description: "Déjà enregistrée par ce formulaire", schema: recorded },
        400: error("Champs invalides"),
        404: error("Aucune commande pour ce numéro et cet e-mail"),
        409: error(
          "WITHDRAWAL_CLOSED : délai expiré, quantités déjà rétractées, commande annulée ; CONFLICT : formulaire périmé",
        ),
        429: { description: "Trop de tentatives depuis cette adresse", schema: rateLimitedSchema },
      },
    }),
  },
} satisfies Contract;
