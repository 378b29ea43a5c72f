import { Hono } from "hono";
import * as z from "zod";
import { rateLimits } from "../../../src/domain/rate-limit";
import {
  guestWithdrawalConfirmSchema,
  withdrawalConfirmSchema,
  withdrawalLookupSchema,
  withdrawalRecordSchema,
  withdrawalViewSchema,
} from "../../../src/domain/withdrawal-schemas";
import { getUserOrder } from "../../services/orders";
import { admitAttempt } from "../../services/throttle";
import {
  confirmGuestWithdrawal,
  confirmWithdrawal,
  findGuestOrder,
  withdrawalView,
} from "../../services/withdrawals";
import type { AppEnv } from "../env";
import { clientKey } from "../middleware/client-ip";
import { rateLimitedSchema, retryAfterHeader } from "../middleware/retry-after";
import { caller, requireUser, withSession } from "../middleware/session";
import { validate } from "../middleware/validate";
import { errorResponseSchema, type RouteDoc } from "../openapi";

const orderIdParam = z.object({ id: z.string().min(1).max(40) });

/**
 * The withdrawal function (Code de la consommation L221-21), with an account or without: a signed-in customer
 * names one of their orders (someone else's is « not found », like a made-up id); a guest gives the order number and
 * the e-mail of the order. A wrong pair answers the same 404 whatever exists; each guest look-up and confirmation
 * counts against the client address (rateLimits.withdrawalLookups) before anything is read.
 * In the "orders" Lambda, not with the customer's other order routes: those carry the PDF renderer.
 */
export const withdrawalsRoutes = new Hono<AppEnv>()
  .use(retryAfterHeader)
  .get("/orders/:id", withSession, requireUser, validate("param", orderIdParam), async (c) => {
    const order = await getUserOrder(c.var.deps, caller(c).user.id, c.req.valid("param").id);
    return c.json(await withdrawalView(c.var.deps, order));
  })
  .post(
    "/orders/:id",
    withSession,
    requireUser,
    validate("param", orderIdParam),
    validate("json", withdrawalConfirmSchema),
    async (c) => {
      const order = await getUserOrder(c.var.deps, caller(c).user.id, c.req.valid("param").id);
      const { withdrawal, replayed } = await confirmWithdrawal(
        c.var.deps,
        order.id,
        c.req.valid("json"),
        "account",
      );
      return c.json({ withdrawal }, replayed ? 200 : 201);
    },
  )
  .post("/lookup", validate("json", withdrawalLookupSchema), async (c) => {
    await admitAttempt(c.var.deps, [
      { scope: "withdrawal-lookups-address", subject: clientKey(c), rule: rateLimits.withdrawalLookups },
    ]);
    const order = await findGuestOrder(c.var.deps, c.req.valid("json"));
    return c.json(await withdrawalView(c.var.deps, order));
  })
  .post("/", validate("json", guestWithdrawalConfirmSchema), async (c) => {
    await admitAttempt(c.var.deps, [
      { scope: "withdrawal-lookups-address", subject: clientKey(c), rule: rateLimits.withdrawalLookups },
    ]);
    const { withdrawal, replayed } = await confirmGuestWithdrawal(c.var.deps, c.req.valid("json"));
    return c.json({ withdrawal }, replayed ? 200 : 201);
  });

const error = (description: string) => ({ description, schema: errorResponseSchema });
const recorded = z.object({ withdrawal: withdrawalRecordSchema });

const unauthenticated = error("Non connecté");
const notYours = error("Commande inconnue ou d'un autre client");

export const withdrawalsDocs: RouteDoc[] = [
  {
    method: "get",
    path: "/api/withdrawals/orders/{id}",
    tag: "Rétractation",
    summary:
      "La rétractation d'une de mes commandes : délai, lignes et quantités encore rétractables, demandes faites",
    params: orderIdParam,
    responses: {
      200: { description: "Rétractation", schema: withdrawalViewSchema },
      400: error("Identifiant invalide"),
      401: unauthenticated,
      404: notYours,
    },
  },
  {
    method: "post",
    path: "/api/withdrawals/orders/{id}",
    tag: "Rétractation",
    summary:
      "Confirmer ma rétractation d'une de mes commandes (toute la commande ou certaines lignes, sans motif) ; accusé de réception par e-mail. Le même form_key renvoie la première rétractation.",
    params: orderIdParam,
    body: withdrawalConfirmSchema,
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
  },
  {
    method: "post",
    path: "/api/withdrawals/lookup",
    tag: "Rétractation",
    summary:
      "Retrouver une commande pour s'en rétracter sans compte (numéro de commande et e-mail) : délai, lignes et quantités encore rétractables",
    body: withdrawalLookupSchema,
    responses: {
      200: { description: "La commande et sa rétractation", schema: withdrawalViewSchema },
      400: error("Numéro ou e-mail invalide"),
      404: error("Aucune commande pour ce numéro et cet e-mail (même réponse quoi qu'il existe)"),
      429: { description: "Trop de recherches depuis cette adresse", schema: rateLimitedSchema },
    },
  },
  {
    method: "post",
    path: "/api/withdrawals",
    tag: "Rétractation",
    summary:
      "Confirmer la rétractation sans compte (toute la commande ou certaines lignes, sans motif) ; accusé de réception par e-mail. Le même form_key renvoie la première rétractation.",
    body: guestWithdrawalConfirmSchema,
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
  },
];
