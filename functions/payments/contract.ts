/** Schemas and words only: the docs function loads it without the code that serves it. */
import * as z from "zod";
import { orderRequestSchema, orderSchema } from "../../src/domain/orders/order";
import { type Contract, errorResponse as error } from "../platform/contract";
import { captureSchema, paypalOrderParam, webhookSchema } from "./schemas";

const releaseSchema =
  globalThis.API_DOCS_OMITTED ||
  z.object({
    outcome: z
      .enum(["released", "already_released", "paid", "capturing"])
      .describe(
        "released : libérée par cet appel ; already_released : déjà libérée, rien ne change ; paid : payée, " +
          "elle reste payée ; capturing : encaissement en cours chez PayPal, elle n'est pas libérée.",
      ),
    message: z.string().describe("Ce qui a été fait, en français."),
    order: orderSchema,
  });

export const paypalContract = {
  getPaypalPaymentClientId: {
    method: "get",
    path: "/api/paypal-payment/client-id",
    ...(globalThis.API_DOCS_OMITTED || {
      tag: "PayPal",
      summary: "Identifiant client public pour les boutons PayPal",
      responses: {
        200: { description: "Identifiant", schema: z.object({ clientId: z.string() }) },
        503: error("PayPal n'est pas configuré."),
      },
    }),
  },
  postPaypalPaymentCreateOrder: {
    method: "post",
    path: "/api/paypal-payment/create-order",
    body: orderRequestSchema,
    ...(globalThis.API_DOCS_OMITTED || {
      tag: "PayPal",
      summary:
        "Crée la commande (stock et code promo réservés 30 minutes) et la commande PayPal du montant calculé par le serveur. En-tête Idempotency-Key facultatif (valable 24 heures, pour la même requête seulement).",
      responses: {
        201: {
          description: "Commande PayPal créée",
          schema: z.object({ id: z.string(), order_id: z.string() }),
        },
        400: error("Champs invalides"),
        401: error("Non connecté"),
        409: error("Stock, prix ou code promo"),
        422: error(
          "Idempotency-Key déjà utilisée pour une autre requête (IDEMPOTENCY_KEY_REUSED) : une nouvelle tentative prend une nouvelle clé",
        ),
        502: error(
          "PAYPAL_ERROR : PayPal a refusé la création ou a eu une erreur ; rien n'est débité, message en français",
        ),
        503: error(
          "PAYPAL_UNAVAILABLE (PayPal injoignable ou identifiants refusés, Retry-After), PayPal non configuré ou boutique en maintenance",
        ),
      },
    }),
  },
  postPaypalPaymentCaptureOrder: {
    method: "post",
    path: "/api/paypal-payment/capture-order",
    body: captureSchema,
    ...(globalThis.API_DOCS_OMITTED || {
      tag: "PayPal",
      summary: "Encaisse la commande PayPal approuvée (une seule fois, montant exact en EUR)",
      responses: {
        200: {
          description:
            "Résultat PayPal (purchase_units[0].payments.captures[0].status, payer.payer_id) et notre commande",
          schema: z.object({ status: z.string(), order: orderSchema }).loose(),
        },
        401: error("Non connecté"),
        402: error("Paiement refusé"),
        404: error("Commande inconnue ou d'un autre client"),
        409: error(
          "Commande qui n'attend plus de paiement, ou PAYPAL_NOT_APPROVED (non validée dans la fenêtre PayPal)",
        ),
        502: error("PAYPAL_ERROR : erreur de PayPal, message en français (jamais débité deux fois)"),
        503: error("PAYPAL_UNAVAILABLE : PayPal injoignable ou identifiants refusés (Retry-After)"),
      },
    }),
  },
  postPaypalPaymentOrdersByIdRelease: {
    method: "post",
    path: "/api/paypal-payment/orders/{id}/release",
    params: paypalOrderParam,
    ...(globalThis.API_DOCS_OMITTED || {
      tag: "PayPal",
      summary:
        "Fenêtre PayPal fermée ou en erreur : libère tout de suite la commande en attente de l'acheteur (stock et code promo rendus ; idempotent ; la commande d'un autre client répond 404)",
      responses: {
        200: { description: "Ce qui a été fait (outcome) et la commande", schema: releaseSchema },
        401: error("Non connecté"),
        404: error("Commande inconnue ou d'un autre client"),
      },
    }),
  },
  postPaypalPaymentWebhook: {
    method: "post",
    path: "/api/paypal-payment/webhook",
    body: webhookSchema,
    ...(globalThis.API_DOCS_OMITTED || {
      tag: "PayPal",
      summary:
        "Notifications PayPal (signature vérifiée auprès de PayPal, chaque événement appliqué une fois)",
      responses: {
        200: { description: "Reçu", schema: z.object({ received: z.literal(true), outcome: z.string() }) },
        403: error("Signature invalide"),
      },
    }),
  },
} satisfies Contract;
