/** Ordering without an account: schemas and words only. */
import * as z from "zod";
import { guestBankTransferOrderSchema, orderSchema } from "../../../src/domain/orders/order";
import { rateLimits } from "../../../src/domain/rate-limit";
import { type Contract, errorResponse as error } from "../../platform/contract";
import { creditNoteParam, idParam } from "../../platform/params";

const tokenHeader =
  "En-tête X-Order-Token : le jeton du lien de suivi (reçu à la commande et dans chaque e-mail, dans le fragment #acces= de l'adresse).";

const notFound =
  globalThis.API_DOCS_OMITTED ||
  error("Commande inconnue, ou lien faux, révoqué ou expiré (2 ans après la livraison) : la même réponse");

const inAccount =
  globalThis.API_DOCS_OMITTED ||
  error(
    "ORDER_IN_ACCOUNT : le lien nomme une commande désormais rattachée au compte de sa cliente, qui la suit connectée",
  );

const placed =
  globalThis.API_DOCS_OMITTED ||
  z.object({
    order: orderSchema,
    access_token: z
      .string()
      .describe(
        "Le jeton du lien de suivi de cette commande (/orders/track/{id}#acces=<jeton>), à garder secret",
      ),
    confirmation_mailed: z
      .boolean()
      .nullable()
      .describe(
        `Si l'e-mail de confirmation part : false quand l'adresse a déjà reçu ${rateLimits.guestConfirmationsPerEmail.max} confirmations de commandes sans compte dans l'heure (ou ${rateLimits.guestConfirmationsPerEmailPerDay.max} dans la journée) — la commande est enregistrée, son lien est à garder ; null pour une requête rejouée (rien n'est envoyé de plus)`,
      ),
  });

export const guestOrdersContract = {
  postGuestOrders: {
    method: "post",
    path: "/api/guest/orders",
    body: guestBankTransferOrderSchema,
    ...(globalThis.API_DOCS_OMITTED || {
      tag: "Commandes sans compte",
      summary:
        "Commander sans compte, payé par virement : les mêmes règles qu'une commande d'un client (prix, stock, code promo, dont sa limite par jour comptée par e-mail), l'adresse et l'e-mail dans le corps. En-tête Idempotency-Key facultatif (24 heures, même corps).",
      responses: {
        201: { description: "Commande créée, et le jeton de son lien de suivi", schema: placed },
        200: {
          description:
            "Même Idempotency-Key et même corps : la commande déjà créée et le jeton de son premier lien (aucun nouveau lien : révoqué, il reste sans effet)",
          schema: placed,
        },
        400: error("Champs invalides (guest.email, guest.address.*)"),
        409: error(
          "Stock insuffisant, prix changés (PRICE_CHANGED), code promo épuisé ou déjà utilisé aujourd'hui…",
        ),
        422: error(
          "Idempotency-Key déjà utilisée pour une autre commande, y compris avec un autre e-mail (IDEMPOTENCY_KEY_REUSED)",
        ),
        429: error(
          `Plus de ${rateLimits.guestOrdersPerAddress.max} commandes sans compte depuis cette adresse IP en une heure glissante. En-tête Retry-After.`,
        ),
        503: error("Boutique en maintenance"),
      },
    }),
  },
  getGuestOrdersById: {
    method: "get",
    path: "/api/guest/orders/{id}",
    params: idParam,
    ...(globalThis.API_DOCS_OMITTED || {
      tag: "Commandes sans compte",
      summary: `La commande qu'ouvre un lien de suivi. ${tokenHeader}`,
      responses: { 200: { description: "Commande", schema: orderSchema }, 401: inAccount, 404: notFound },
    }),
  },
} satisfies Contract;

const pdf = { 200: { description: "PDF (application/pdf)" } } as const;

export const guestDocumentsContract = {
  getGuestDocumentsByIdInvoice: {
    method: "get",
    path: "/api/guest/documents/{id}/invoice",
    params: idParam,
    ...(globalThis.API_DOCS_OMITTED || {
      tag: "Commandes sans compte",
      summary: `La facture PDF d'une commande payée, avec son lien de suivi. ${tokenHeader}`,
      responses: { ...pdf, 401: inAccount, 404: notFound },
    }),
  },
  getGuestDocumentsByIdCreditNote: {
    method: "get",
    path: "/api/guest/documents/{id}/credit-note",
    params: idParam,
    ...(globalThis.API_DOCS_OMITTED || {
      tag: "Commandes sans compte",
      summary: `L'avoir PDF d'une commande payée puis annulée, avec son lien de suivi. ${tokenHeader}`,
      responses: { ...pdf, 401: inAccount, 404: notFound },
    }),
  },
  getGuestDocumentsByIdCreditNotesByNumber: {
    method: "get",
    path: "/api/guest/documents/{id}/credit-notes/{number}",
    params: creditNoteParam,
    ...(globalThis.API_DOCS_OMITTED || {
      tag: "Commandes sans compte",
      summary: `Un avoir PDF d'une commande (retour remboursé), par son numéro, avec son lien de suivi. ${tokenHeader}`,
      responses: { ...pdf, 401: inAccount, 404: notFound },
    }),
  },
} satisfies Contract;
