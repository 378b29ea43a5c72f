/** Schemas and words only: the docs function loads it without the code that serves it. */
import {
  waitlistAnswerSchema,
  waitlistRequestSchema,
  waitlistTokenSchema,
} from "../../src/domain/waitlist/waitlist-schemas";
import { type Contract, errorResponse as error } from "../platform/contract";
import { rateLimitedSchema } from "../platform/middleware/retry-after";

export const waitlistContract = {
  postWaitlist: {
    method: "post",
    path: "/api/waitlist",
    body: waitlistRequestSchema,
    ...(globalThis.API_DOCS_OMITTED || {
      tag: "Liste d'attente",
      summary:
        "Être prévenu(e) du retour en stock d'un produit en rupture (e-mail et consentement, sans compte). La même réponse quel que soit l'e-mail ; un e-mail de confirmation suit (double opt-in).",
      responses: {
        202: { description: "Demande reçue ; confirmation envoyée par e-mail", schema: waitlistAnswerSchema },
        400: error("E-mail invalide ou consentement manquant"),
        404: error("Produit inconnu ou retiré de la vente"),
        409: error("Le produit est en stock"),
        429: { description: "Trop de demandes depuis cette adresse", schema: rateLimitedSchema },
      },
    }),
  },
  postWaitlistConfirm: {
    method: "post",
    path: "/api/waitlist/confirm",
    body: waitlistTokenSchema,
    ...(globalThis.API_DOCS_OMITTED || {
      tag: "Liste d'attente",
      summary: "Confirmer une demande d'alerte par le jeton du lien de l'e-mail de confirmation",
      responses: {
        200: { description: "Demande confirmée", schema: waitlistAnswerSchema },
        400: error("Jeton absent"),
        404: error("Lien expiré ou invalide"),
      },
    }),
  },
  postWaitlistUnsubscribe: {
    method: "post",
    path: "/api/waitlist/unsubscribe",
    body: waitlistTokenSchema,
    ...(globalThis.API_DOCS_OMITTED || {
      tag: "Liste d'attente",
      summary: "Se désinscrire (lien de chaque e-mail de la liste d'attente) : la demande est supprimée",
      responses: {
        200: { description: "Désinscription faite (ou déjà faite)", schema: waitlistAnswerSchema },
        400: error("Jeton absent"),
        404: error("Lien invalide"),
      },
    }),
  },
} satisfies Contract;
