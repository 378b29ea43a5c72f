/** Colissimo labels and pick-up point search. Schemas and words only. */
import * as z from "zod";
import { orderSchema, pickupPointSchema } from "../../src/domain/orders/order";
import { POSTAL_CODE_PATTERN, pickupMessages } from "../../src/domain/orders/pickup-point";
import { labelDaySchema } from "../../src/domain/shipping/shipping-labels";
import { adminOnly, type Contract, errorResponse } from "../platform/contract";
import { rateLimitedSchema } from "../platform/middleware/retry-after";
import { idParam } from "../platform/params";

const administration = (summary: string, responses: Record<number, unknown>) => ({
  tag: "Administration",
  summary,
  responses: { ...responses, ...adminOnly },
});

export const adminShippingContract = {
  postAdminShippingOrdersByIdLabel: {
    method: "post",
    path: "/api/admin/shipping/orders/{id}/label",
    params: idParam,
    ...(globalThis.API_DOCS_OMITTED ||
      administration(
        "Créer l'étiquette Colissimo d'une commande payée et la marquer expédiée (numéro de suivi, transporteur, e-mail au client) ; une commande qui a déjà son étiquette la garde : un second clic n'en achète pas une autre",
        {
          200: { description: "Commande (elle avait déjà son étiquette)", schema: orderSchema },
          201: { description: "Commande expédiée avec son étiquette", schema: orderSchema },
          400: errorResponse("Identifiant invalide"),
          404: errorResponse("Commande introuvable"),
          409: errorResponse(
            "COLISSIMO_NOT_CONFIGURED (la carte Colissimo ou l'adresse de la boutique est incomplète), LABEL_IN_PROGRESS (une création est déjà en cours), ORDER_TRANSITION (commande non payée, annulée ou déjà expédiée sans étiquette ; avec parcel_number quand l'étiquette a été achetée pendant que la commande changeait : son PDF reste lisible ici en GET)",
          ),
          422: errorResponse("CARRIER_REFUSED : Colissimo a refusé l'étiquette, son message en français"),
          503: errorResponse(
            "CARRIER_UNAVAILABLE : Colissimo ne répond pas, rien n'est acheté ni enregistré ; LABEL_NOT_KEPT : l'étiquette (numéro dans le message) est achetée mais pas encore enregistrée, un nouvel appel la garde sans la racheter",
          ),
        },
      )),
  },
  getAdminShippingOrdersByIdLabel: {
    method: "get",
    path: "/api/admin/shipping/orders/{id}/label",
    params: idParam,
    ...(globalThis.API_DOCS_OMITTED ||
      administration("L'étiquette PDF d'une commande", {
        200: { description: "PDF (application/pdf)" },
        400: errorResponse("Identifiant invalide"),
        404: errorResponse("Pas d'étiquette pour cette commande"),
      })),
  },
  getAdminShippingLabels: {
    method: "get",
    path: "/api/admin/shipping/labels",
    query: z.object({ date: labelDaySchema }),
    ...(globalThis.API_DOCS_OMITTED ||
      administration("Les étiquettes créées un jour donné (heure de Paris), en un seul PDF à imprimer", {
        200: { description: "PDF (application/pdf)" },
        400: errorResponse("Date invalide"),
        404: errorResponse("Aucune étiquette créée ce jour-là"),
      })),
  },
  postAdminShippingOrdersByIdTracking: {
    method: "post",
    path: "/api/admin/shipping/orders/{id}/tracking",
    params: idParam,
    ...(globalThis.API_DOCS_OMITTED ||
      administration(
        "Actualiser le suivi La Poste d'une commande expédiée par Colissimo, maintenant : la même lecture que le suivi automatique (événements, date estimée, livraison datée par La Poste)",
        {
          200: {
            description: "La commande après lecture, et ce qui a changé, en français",
            schema: z.object({ order: orderSchema, message: z.string() }),
          },
          400: errorResponse("Identifiant invalide"),
          404: errorResponse("Commande introuvable"),
          409: errorResponse(
            "ORDER_TRANSITION (pas de colis Colissimo en route pour cette commande), COLISSIMO_NOT_CONFIGURED (clé d'API La Poste absente, illisible ou refusée)",
          ),
          422: errorResponse("CARRIER_REFUSED : La Poste refuse ce numéro de suivi"),
          503: errorResponse("CARRIER_UNAVAILABLE : le service de suivi de La Poste ne répond pas"),
        },
      )),
  },
  postAdminShippingTracking: {
    method: "post",
    path: "/api/admin/shipping/tracking",
    ...(globalThis.API_DOCS_OMITTED ||
      administration(
        "Actualiser maintenant le suivi La Poste de tous les colis Colissimo en route, comme le suivi automatique (deux appels à la fois) ; ceux qui n'ont pu être lus à temps le seront au prochain passage",
        {
          200: {
            description: "Ce que la lecture a fait, compté et dit en français",
            schema: z.object({
              asked: z.number().int(),
              updated: z.number().int(),
              delivered: z.number().int(),
              failed: z.number().int(),
              left: z.number().int(),
              message: z.string(),
            }),
          },
          409: errorResponse("COLISSIMO_NOT_CONFIGURED : clé d'API La Poste absente, illisible ou refusée"),
          503: errorResponse(
            "CARRIER_UNAVAILABLE : le service de suivi de La Poste ne répond pour aucun colis",
          ),
        },
      )),
  },
} satisfies Contract;

const foundPointSchema = globalThis.API_DOCS_OMITTED || pickupPointSchema.extend({ distance_m: z.number() });

export const pickupPointsContract = {
  getShippingPickupPoints: {
    method: "get",
    path: "/api/shipping/pickup-points",
    query: z.object({
      postal_code: z.string().trim().regex(POSTAL_CODE_PATTERN, pickupMessages.postalCodeInvalid),
      city: z.string().trim().max(60).optional(),
    }),
    ...(globalThis.API_DOCS_OMITTED || {
      tag: "Livraison",
      summary:
        "Les points relais Colissimo proches d'un code postal (le plus proche d'abord), tels que La Poste les indique ; une commande peut en nommer un pendant 24 heures",
      responses: {
        200: {
          description: "Points relais (au plus 20 ; aucun : liste vide)",
          schema: z.object({ points: z.array(foundPointSchema) }),
        },
        400: errorResponse("Code postal invalide, ou recherche refusée par La Poste (son motif)"),
        409: errorResponse("PICKUP_NOT_OFFERED : la livraison en point relais n'est pas proposée"),
        429: { description: "Trop de recherches depuis cette connexion", schema: rateLimitedSchema },
        503: errorResponse("CARRIER_UNAVAILABLE : La Poste ne répond pas"),
      },
    }),
  },
} satisfies Contract;
