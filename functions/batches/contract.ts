/** Schemas and words only: the docs function loads it without the code that serves it. */
import * as z from "zod";
import {
  batchAdjustmentSchema,
  batchSchema,
  lotParamSchema,
  newBatchSchema,
  productParamSchema,
  recallEntrySchema,
  recallRequestSchema,
} from "../../src/domain/batches/batch-schemas";
import { adminOnly, type Contract, errorResponse } from "../platform/contract";

const guarded = adminOnly;

const invalid = globalThis.API_DOCS_OMITTED || { 400: errorResponse("Paramètres invalides") };

const notFound = globalThis.API_DOCS_OMITTED || { 404: errorResponse("Produit ou lot introuvable") };

const recallSchema = globalThis.API_DOCS_OMITTED || z.object({ entries: z.array(recallEntrySchema) });

export const adminBatchesContract = {
  getAdminBatchesByProductId: {
    method: "get",
    path: "/api/admin/batches/{productId}",
    params: productParamSchema,
    ...(globalThis.API_DOCS_OMITTED || {
      tag: "Administration",
      summary: "Lots d'un produit (numéro, dates, péremption ou PAO, version INCI, quantité, restant)",
      responses: {
        200: { description: "Lots", schema: z.object({ batches: z.array(batchSchema) }) },
        ...invalid,
        ...guarded,
      },
    }),
  },
  postAdminBatchesByProductId: {
    method: "post",
    path: "/api/admin/batches/{productId}",
    params: productParamSchema,
    body: newBatchSchema,
    ...(globalThis.API_DOCS_OMITTED || {
      tag: "Administration",
      summary: "Enregistrer un lot (numéro unique par produit) avec sa quantité",
      responses: {
        201: { description: "Lot enregistré", schema: batchSchema },
        ...invalid,
        ...guarded,
        ...notFound,
        409: errorResponse("Ce numéro de lot existe déjà pour ce produit"),
      },
    }),
  },
  postAdminBatchesByProductIdByLotAdjustments: {
    method: "post",
    path: "/api/admin/batches/{productId}/{lot}/adjustments",
    params: lotParamSchema,
    body: batchAdjustmentSchema,
    ...(globalThis.API_DOCS_OMITTED || {
      tag: "Administration",
      summary: "Corriger le restant d'un lot d'une quantité signée, avec sa raison (jamais en dessous de 0)",
      responses: {
        200: { description: "Lot corrigé", schema: batchSchema },
        ...invalid,
        ...guarded,
        ...notFound,
        409: errorResponse("STOCK_NEGATIVE : le restant deviendrait négatif"),
      },
    }),
  },
  getAdminBatchesByProductIdByLotRecall: {
    method: "get",
    path: "/api/admin/batches/{productId}/{lot}/recall",
    params: lotParamSchema,
    ...(globalThis.API_DOCS_OMITTED || {
      tag: "Administration",
      summary: "Rappel de lot : chaque commande qui en a pris, son client et s'il a été prévenu (quand)",
      responses: {
        200: { description: "Commandes du lot", schema: recallSchema },
        ...invalid,
        ...guarded,
        ...notFound,
      },
    }),
  },
  postAdminBatchesByProductIdByLotRecall: {
    method: "post",
    path: "/api/admin/batches/{productId}/{lot}/recall",
    params: lotParamSchema,
    body: recallRequestSchema,
    ...(globalThis.API_DOCS_OMITTED || {
      tag: "Administration",
      summary:
        "Envoyer l'e-mail de rappel, avec le risque décrit par l'administrateur, à chaque client pas encore prévenu (une fois par commande et par lot ; clients supprimés non joignables)",
      responses: {
        200: {
          description: "E-mails envoyés et état de chaque commande",
          schema: recallSchema.extend({ sent: z.number() }),
        },
        ...invalid,
        ...guarded,
        ...notFound,
      },
    }),
  },
} satisfies Contract;
