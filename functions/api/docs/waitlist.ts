/**
 * The OpenAPI documentation of routes/waitlist.ts and routes/admin-waitlist.ts (functions/api/routes/openapi.ts
 * gathers them): schemas and words only.
 */
import {
  waitlistAnswerSchema,
  waitlistCountsSchema,
  waitlistRequestSchema,
  waitlistTokenSchema,
} from "../../../src/domain/waitlist-schemas";
import { rateLimitedSchema } from "../middleware/retry-after";
import { errorResponseSchema, type RouteDoc } from "../openapi";

const error = (description: string) => ({ description, schema: errorResponseSchema });

export const waitlistDocs: RouteDoc[] = [
  {
    method: "post",
    path: "/api/waitlist",
    tag: "Liste d'attente",
    summary:
      "Être prévenu(e) du retour en stock d'un produit en rupture (e-mail et consentement, sans compte). La même réponse quel que soit l'e-mail ; un e-mail de confirmation suit (double opt-in).",
    body: waitlistRequestSchema,
    responses: {
      202: { description: "Demande reçue ; confirmation envoyée par e-mail", schema: waitlistAnswerSchema },
      400: error("E-mail invalide ou consentement manquant"),
      404: error("Produit inconnu ou retiré de la vente"),
      409: error("Le produit est en stock"),
      429: { description: "Trop de demandes depuis cette adresse", schema: rateLimitedSchema },
    },
  },
  {
    method: "post",
    path: "/api/waitlist/confirm",
    tag: "Liste d'attente",
    summary: "Confirmer une demande d'alerte par le jeton du lien de l'e-mail de confirmation",
    body: waitlistTokenSchema,
    responses: {
      200: { description: "Demande confirmée", schema: waitlistAnswerSchema },
      400: error("Jeton absent"),
      404: error("Lien expiré ou invalide"),
    },
  },
  {
    method: "post",
    path: "/api/waitlist/unsubscribe",
    tag: "Liste d'attente",
    summary: "Se désinscrire (lien de chaque e-mail de la liste d'attente) : la demande est supprimée",
    body: waitlistTokenSchema,
    responses: {
      200: { description: "Désinscription faite (ou déjà faite)", schema: waitlistAnswerSchema },
      400: error("Jeton absent"),
      404: error("Lien invalide"),
    },
  },
];

export const adminWaitlistDocs: RouteDoc[] = [
  {
    method: "get",
    path: "/api/admin/waitlist",
    tag: "Administration",
    summary: "Nombre de clients confirmés en attente du retour en stock, par produit",
    responses: {
      200: { description: "Comptes par produit", schema: waitlistCountsSchema },
      401: error("Non connecté"),
      403: error("Réservé à l'administrateur"),
    },
  },
];
