import { Hono } from "hono";
import * as z from "zod";
import { DomainError } from "../../../src/domain/errors";
import { orderRequestSchema, orderSchema } from "../../../src/domain/order";
import {
  capturePaypalOrder,
  createPaypalOrder,
  handlePaypalWebhook,
  paypalClientId,
  releasePaypalOrder,
  type WebhookEvent,
} from "../../services/paypal-checkout";
import type { AppEnv } from "../env";
import { idempotencyKey } from "../middleware/idempotency";
import { caller, requireUser, withSession } from "../middleware/session";
import { validate } from "../middleware/validate";
import { errorResponseSchema, type RouteDoc } from "../openapi";

const captureSchema = z.object({ orderID: z.string().min(1).max(64) });
const paypalOrderParam = z.object({
  id: z
    .string()
    .min(1)
    .max(64)
    .describe("Identifiant de la commande PayPal (celui que reçoivent onCancel et capture-order)."),
});
const releaseSchema = z.object({
  outcome: z
    .enum(["released", "already_released", "paid", "capturing"])
    .describe(
      "released : libérée par cet appel ; already_released : déjà libérée, rien ne change ; paid : payée, " +
        "elle reste payée ; capturing : encaissement en cours chez PayPal, elle n'est pas libérée.",
    ),
  message: z.string().describe("Ce qui a été fait, en français."),
  order: orderSchema,
});

const webhookSchema = z.object({
  id: z.string().min(1).max(128),
  event_type: z.string().max(128),
  resource: z
    .object({
      id: z.string().optional(),
      custom_id: z.string().optional(),
      status: z.string().optional(),
      amount: z.object({ currency_code: z.string(), value: z.string() }).optional(),
    })
    .loose(),
});

/** PayPal checkout: the server computes, holds, captures and verifies; the browser only shows the buttons. */
export const paypalRoutes = new Hono<AppEnv>()
  .get("/client-id", async (c) => c.json({ clientId: await paypalClientId(c.var.deps) }))
  .post("/create-order", withSession, requireUser, validate("json", orderRequestSchema), async (c) => {
    const key = idempotencyKey(c.req.header("idempotency-key"));
    return c.json(await createPaypalOrder(c.var.deps, caller(c).user, c.req.valid("json"), key), 201);
  })
  .post("/capture-order", withSession, requireUser, validate("json", captureSchema), async (c) => {
    const { capture, order } = await capturePaypalOrder(
      c.var.deps,
      caller(c).user,
      c.req.valid("json").orderID,
    );
    // Already paid: answer the capture the screen reads without calling PayPal again.
    const result = capture ?? {
      id: order.paypal_order_id,
      status: "COMPLETED",
      payer: { payer_id: order.paypal_payer_id },
      purchase_units: [{ payments: { captures: [{ id: order.paypal_capture_id, status: "COMPLETED" }] } }],
    };
    return c.json({ ...result, order });
  })
  .post("/orders/:id/release", withSession, requireUser, validate("param", paypalOrderParam), async (c) =>
    c.json(await releasePaypalOrder(c.var.deps, caller(c).user, c.req.valid("param").id)),
  )
  .post("/webhook", validate("json", webhookSchema), async (c) => {
    const header = (name: string) => {
      const value = c.req.header(name);
      if (!value) throw new DomainError("FORBIDDEN", "Signature du webhook PayPal absente.");
      return value;
    };
    const outcome = await handlePaypalWebhook(
      c.var.deps,
      {
        transmissionId: header("paypal-transmission-id"),
        transmissionTime: header("paypal-transmission-time"),
        transmissionSig: header("paypal-transmission-sig"),
        certUrl: header("paypal-cert-url"),
        authAlgo: header("paypal-auth-algo"),
      },
      c.req.valid("json") as WebhookEvent,
    );
    return c.json({ received: true, outcome });
  });

const error = (description: string) => ({ description, schema: errorResponseSchema });

export const paypalDocs: RouteDoc[] = [
  {
    method: "get",
    path: "/api/paypal-payment/client-id",
    tag: "PayPal",
    summary: "Identifiant client public pour les boutons PayPal",
    responses: {
      200: { description: "Identifiant", schema: z.object({ clientId: z.string() }) },
      503: error("PayPal n'est pas configuré."),
    },
  },
  {
    method: "post",
    path: "/api/paypal-payment/create-order",
    tag: "PayPal",
    summary:
      "Crée la commande (stock et code promo réservés 30 minutes) et la commande PayPal du montant calculé par le serveur",
    body: orderRequestSchema,
    responses: {
      201: {
        description: "Commande PayPal créée",
        schema: z.object({ id: z.string(), order_id: z.string() }),
      },
      400: error("Champs invalides"),
      401: error("Non connecté"),
      409: error("Stock, prix ou code promo"),
      502: error("PayPal a refusé la création"),
      503: error("PayPal non configuré ou boutique en maintenance"),
    },
  },
  {
    method: "post",
    path: "/api/paypal-payment/capture-order",
    tag: "PayPal",
    summary: "Encaisse la commande PayPal approuvée (une seule fois, montant exact en EUR)",
    body: captureSchema,
    responses: {
      200: {
        description:
          "Résultat PayPal (purchase_units[0].payments.captures[0].status, payer.payer_id) et notre commande",
        schema: z.object({ status: z.string(), order: orderSchema }).loose(),
      },
      402: error("Paiement refusé"),
      404: error("Commande inconnue ou d'un autre client"),
      409: error("Commande qui n'attend plus de paiement"),
      502: error("Erreur PayPal"),
    },
  },
  {
    method: "post",
    path: "/api/paypal-payment/orders/{id}/release",
    tag: "PayPal",
    summary:
      "Fenêtre PayPal fermée ou en erreur : libère tout de suite la commande en attente de l'acheteur (stock et code promo rendus ; idempotent ; la commande d'un autre client répond 404)",
    params: paypalOrderParam,
    responses: {
      200: { description: "Ce qui a été fait (outcome) et la commande", schema: releaseSchema },
      401: error("Non connecté"),
      404: error("Commande inconnue ou d'un autre client"),
    },
  },
  {
    method: "post",
    path: "/api/paypal-payment/webhook",
    tag: "PayPal",
    summary: "Notifications PayPal (signature vérifiée auprès de PayPal, chaque événement appliqué une fois)",
    body: webhookSchema,
    responses: {
      200: { description: "Reçu", schema: z.object({ received: z.literal(true), outcome: z.string() }) },
      403: error("Signature invalide"),
    },
  },
];
