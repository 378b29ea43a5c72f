import { Hono } from "hono";
import * as z from "zod";
import {
  batchAdjustmentSchema,
  batchSchema,
  lotParamSchema,
  newBatchSchema,
  productParamSchema,
  recallEntrySchema,
  recallRequestSchema,
} from "../../../src/domain/batch-schemas";
import { listBatches } from "../../services/batch-stock";
import { adjustBatch, createBatch, recallList, sendRecall, toBatch } from "../../services/batches";
import type { AppEnv } from "../env";
import { requireAdmin } from "../middleware/admin";
import { withSession } from "../middleware/session";
import { validate } from "../middleware/validate";
import { errorResponseSchema, type RouteDoc } from "../openapi";

/**
 * A product's batches (lots) and the recall of a lot (decision record 018), behind the admin guard. Served by the
 * "lots" function (areas.ts): the admin function is at its budget.
 */
export const adminBatchesRoutes = new Hono<AppEnv>()
  .use(withSession, requireAdmin)
  .get("/:productId", validate("param", productParamSchema), async (c) => {
    const batches = await listBatches(c.var.deps, c.req.valid("param").productId);
    return c.json({ batches: batches.map(toBatch) });
  })
  .post("/:productId", validate("param", productParamSchema), validate("json", newBatchSchema), async (c) => {
    const batch = await createBatch(
      c.var.deps,
      c.var.auth?.user.id ?? "",
      c.req.valid("param").productId,
      c.req.valid("json"),
    );
    return c.json(batch, 201);
  })
  .post(
    "/:productId/:lot/adjustments",
    validate("param", lotParamSchema),
    validate("json", batchAdjustmentSchema),
    async (c) => {
      const { productId, lot } = c.req.valid("param");
      const { delta, note } = c.req.valid("json");
      const adminId = c.var.auth?.user.id ?? "";
      return c.json(await adjustBatch(c.var.deps, productId, lot, { delta, note, adminId }));
    },
  )
  .get("/:productId/:lot/recall", validate("param", lotParamSchema), async (c) => {
    const { productId, lot } = c.req.valid("param");
    return c.json({ entries: await recallList(c.var.deps, productId, lot) });
  })
  .post(
    "/:productId/:lot/recall",
    validate("param", lotParamSchema),
    validate("json", recallRequestSchema),
    async (c) => {
      const { productId, lot } = c.req.valid("param");
      const { risk } = c.req.valid("json");
      return c.json(await sendRecall(c.var.deps, c.var.auth?.user.id ?? "", productId, lot, risk));
    },
  );

const guarded = {
  401: { description: "Non connecté", schema: errorResponseSchema },
  403: { description: "Réservé aux administrateurs", schema: errorResponseSchema },
};
const invalid = { 400: { description: "Paramètres invalides", schema: errorResponseSchema } };
const notFound = { 404: { description: "Produit ou lot introuvable", schema: errorResponseSchema } };
const recallSchema = z.object({ entries: z.array(recallEntrySchema) });

export const adminBatchesDocs: RouteDoc[] = [
  {
    method: "get",
    path: "/api/admin/batches/{productId}",
    tag: "Administration",
    summary: "Lots d'un produit (numéro, dates, péremption ou PAO, version INCI, quantité, restant)",
    params: productParamSchema,
    responses: {
      200: { description: "Lots", schema: z.object({ batches: z.array(batchSchema) }) },
      ...invalid,
      ...guarded,
    },
  },
  {
    method: "post",
    path: "/api/admin/batches/{productId}",
    tag: "Administration",
    summary: "Enregistrer un lot (numéro unique par produit) avec sa quantité",
    params: productParamSchema,
    body: newBatchSchema,
    responses: {
      201: { description: "Lot enregistré", schema: batchSchema },
      ...invalid,
      ...guarded,
      ...notFound,
      409: { description: "Ce numéro de lot existe déjà pour ce produit", schema: errorResponseSchema },
    },
  },
  {
    method: "post",
    path: "/api/admin/batches/{productId}/{lot}/adjustments",
    tag: "Administration",
    summary: "Corriger le restant d'un lot d'une quantité signée, avec sa raison (jamais en dessous de 0)",
    params: lotParamSchema,
    body: batchAdjustmentSchema,
    responses: {
      200: { description: "Lot corrigé", schema: batchSchema },
      ...invalid,
      ...guarded,
      ...notFound,
      409: { description: "STOCK_NEGATIVE : le restant deviendrait négatif", schema: errorResponseSchema },
    },
  },
  {
    method: "get",
    path: "/api/admin/batches/{productId}/{lot}/recall",
    tag: "Administration",
    summary: "Rappel de lot : chaque commande qui en a pris, son client et s'il a été prévenu (quand)",
    params: lotParamSchema,
    responses: {
      200: { description: "Commandes du lot", schema: recallSchema },
      ...invalid,
      ...guarded,
      ...notFound,
    },
  },
  {
    method: "post",
    path: "/api/admin/batches/{productId}/{lot}/recall",
    tag: "Administration",
    summary:
      "Envoyer l'e-mail de rappel, avec le risque décrit par l'administrateur, à chaque client pas encore prévenu (une fois par commande et par lot ; clients supprimés non joignables)",
    params: lotParamSchema,
    body: recallRequestSchema,
    responses: {
      200: {
        description: "E-mails envoyés et état de chaque commande",
        schema: recallSchema.extend({ sent: z.number() }),
      },
      ...invalid,
      ...guarded,
      ...notFound,
    },
  },
];
