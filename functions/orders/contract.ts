/** Schemas and words only: the docs function loads it without the code that serves it. */
import * as z from "zod";
import { bankTransferOrderSchema, orderSchema } from "../../src/domain/orders/order";
import { type Contract, errorResponse as error } from "../platform/contract";

export const ordersContract = {
  postOrders: {
    method: "post",
    path: "/api/orders",
    body: bankTransferOrderSchema,
    ...(globalThis.API_DOCS_OMITTED || {
      tag: "Commandes",
      summary:
        "Passer une commande payée par virement (prix, frais de port et code promo recalculés ; stock pris dans la même transaction). En-tête Idempotency-Key facultatif : valable 24 heures, pour la même requête seulement (même corps).",
      responses: {
        201: { description: "Commande créée", schema: z.object({ order: orderSchema }) },
        200: {
          description: "Même Idempotency-Key et même corps : la commande déjà créée",
          schema: z.object({ order: orderSchema }),
        },
        400: error("Champs invalides"),
        401: error("Non connecté"),
        404: error("Adresse de livraison inconnue"),
        409: error(
          "Stock insuffisant, prix changés (PRICE_CHANGED, avec les montants du serveur), code promo épuisé…",
        ),
        422: error(
          "Idempotency-Key déjà utilisée pour une autre commande (IDEMPOTENCY_KEY_REUSED) : une nouvelle commande prend une nouvelle clé",
        ),
        503: error("Boutique en maintenance"),
      },
    }),
  },
} satisfies Contract;
