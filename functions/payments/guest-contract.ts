/** PayPal for an order without an account. Schemas and words only. */
import * as z from "zod";
import { guestOrderRequestSchema, orderSchema } from "../../src/domain/orders/order";
import { rateLimits } from "../../src/domain/rate-limit";
import { type Contract, errorResponse as error } from "../platform/contract";
import { captureSchema, paypalOrderParam } from "./schemas";

const tokenHeader =
  "En-tête X-Order-Token : le jeton du lien de suivi que la création a répondu (access_token).";
const notFound = globalThis.API_DOCS_OMITTED || error("Commande inconnue, ou jeton faux : la même réponse");

const inAccount =
  globalThis.API_DOCS_OMITTED ||
  error(
    "ORDER_IN_ACCOUNT : le lien nomme une commande désormais rattachée au compte de sa cliente, qui la suit connectée",
  );

export const guestPaypalContract = {
  postGuestPaypalPaymentCreateOrder: {
    method: "post",
    path: "/api/guest/paypal-payment/create-order",
    body: guestOrderRequestSchema,
    ...(globalThis.API_DOCS_OMITTED || {
      tag: "Commandes sans compte",
      summary:
        "Commander sans compte, payé par PayPal : crée la commande (stock et code promo réservés 30 minutes, les règles d'une commande d'un client) et la commande PayPal du montant du serveur. En-tête Idempotency-Key facultatif.",
      responses: {
        201: {
          description: "Commande PayPal créée, et le jeton du lien de suivi de notre commande",
          schema: z.object({ id: z.string(), order_id: z.string(), access_token: z.string() }),
        },
        400: error("Champs invalides (guest.email, guest.address.*)"),
        409: error("Stock, prix ou code promo"),
        422: error("Idempotency-Key déjà utilisée pour une autre requête (IDEMPOTENCY_KEY_REUSED)"),
        429: error(
          `Plus de ${rateLimits.guestOrdersPerAddress.max} commandes sans compte depuis cette adresse IP en une heure glissante. En-tête Retry-After.`,
        ),
        502: error("PAYPAL_ERROR : PayPal a refusé la création ; rien n'est débité"),
        503: error("PayPal injoignable ou non configuré, ou boutique en maintenance"),
      },
    }),
  },
  postGuestPaypalPaymentCaptureOrder: {
    method: "post",
    path: "/api/guest/paypal-payment/capture-order",
    body: captureSchema,
    ...(globalThis.API_DOCS_OMITTED || {
      tag: "Commandes sans compte",
      summary: `Encaisse la commande PayPal approuvée d'une commande sans compte (une seule fois, montant exact en EUR). ${tokenHeader}`,
      responses: {
        200: {
          description: "Résultat PayPal et notre commande",
          schema: z.object({ status: z.string(), order: orderSchema }).loose(),
        },
        401: inAccount,
        402: error("Paiement refusé"),
        404: notFound,
        409: error("Commande qui n'attend plus de paiement, ou PAYPAL_NOT_APPROVED"),
        502: error("PAYPAL_ERROR (jamais débité deux fois)"),
        503: error("PAYPAL_UNAVAILABLE (Retry-After)"),
      },
    }),
  },
  postGuestPaypalPaymentOrdersByIdRelease: {
    method: "post",
    path: "/api/guest/paypal-payment/orders/{id}/release",
    params: paypalOrderParam,
    ...(globalThis.API_DOCS_OMITTED || {
      tag: "Commandes sans compte",
      summary: `Fenêtre PayPal fermée : libère tout de suite la commande sans compte en attente (idempotent). ${tokenHeader}`,
      responses: {
        200: { description: "Ce qui a été fait (outcome) et la commande" },
        401: inAccount,
        404: notFound,
      },
    }),
  },
} satisfies Contract;
