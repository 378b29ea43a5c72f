/** Schemas and words only: the docs function loads it without the code that serves it. */
import * as z from "zod";
import { reviewInputSchema } from "../../src/domain/reviews/review";
import {
  ownReviewSchema,
  publishedReviewSchema,
  reportSchema,
  reviewKeyParam,
} from "../../src/domain/reviews/review-schemas";
import { type Contract, errorResponse as error } from "../platform/contract";
import { rateLimitedSchema } from "../platform/middleware/retry-after";

const orderParam = z.object({ orderId: z.string().min(1).max(40) });
const reviewParam = z.object({ id: z.string().regex(/^[0-9a-f]{16}$/, "Avis introuvable.") });

const tag = "Avis clients";
const whose =
  globalThis.API_DOCS_OMITTED ||
  "La cliente connectée, ou l'invitée par le lien de sa commande (en-tête X-Order-Token).";
const notYours =
  globalThis.API_DOCS_OMITTED || error("Commande inconnue, d'une autre cliente, ou lien fermé");
const own = globalThis.API_DOCS_OMITTED || z.object({ review: ownReviewSchema });

export const reviewsContract = {
  getReviewsOrdersByOrderId: {
    method: "get",
    path: "/api/reviews/orders/{orderId}",
    params: orderParam,
    ...(globalThis.API_DOCS_OMITTED || {
      tag,
      summary: `Mes avis sur les produits d'une commande. ${whose}`,
      responses: {
        200: { description: "Avis de la commande", schema: z.object({ reviews: z.array(ownReviewSchema) }) },
        404: notYours,
      },
    }),
  },
  postReviewsOrdersByOrderIdProductsByProductId: {
    method: "post",
    path: "/api/reviews/orders/{orderId}/products/{productId}",
    params: reviewKeyParam,
    body: reviewInputSchema,
    ...(globalThis.API_DOCS_OMITTED || {
      tag,
      summary: `Laisser un avis sur un produit d'une commande livrée (un par produit et par commande), publié après modération. ${whose}`,
      responses: {
        201: { description: "Avis enregistré, en attente de modération", schema: own },
        400: error("Champs invalides (note de 1 à 5, titre, texte, nom affiché)"),
        404: notYours,
        409: error("Commande pas encore livrée, produit absent de la commande, ou avis déjà laissé"),
        429: { description: "Trop d'avis envoyés", schema: rateLimitedSchema },
      },
    }),
  },
  putReviewsOrdersByOrderIdProductsByProductId: {
    method: "put",
    path: "/api/reviews/orders/{orderId}/products/{productId}",
    params: reviewKeyParam,
    body: reviewInputSchema,
    ...(globalThis.API_DOCS_OMITTED || {
      tag,
      summary: `Modifier mon avis : il repasse en modération. ${whose}`,
      responses: {
        200: { description: "Avis modifié, en attente de modération", schema: own },
        400: error("Champs invalides"),
        404: error("Commande ou avis introuvable"),
        409: error("Commande pas livrée ou produit absent de la commande"),
        429: { description: "Trop d'avis envoyés", schema: rateLimitedSchema },
      },
    }),
  },
  deleteReviewsOrdersByOrderIdProductsByProductId: {
    method: "delete",
    path: "/api/reviews/orders/{orderId}/products/{productId}",
    params: reviewKeyParam,
    ...(globalThis.API_DOCS_OMITTED || {
      tag,
      summary: `Retirer mon avis : il est supprimé. ${whose}`,
      responses: {
        204: { description: "Avis retiré" },
        404: error("Commande ou avis introuvable"),
      },
    }),
  },
  getReviewsPublished: {
    method: "get",
    path: "/api/reviews/published",
    ...(globalThis.API_DOCS_OMITTED || {
      tag,
      summary:
        "Les avis publiés de tous les produits, les plus récents d'abord (lus par la construction des pages produit)",
      responses: {
        200: {
          description: "Avis publiés",
          schema: z.object({ reviews: z.array(publishedReviewSchema) }),
        },
      },
    }),
  },
  postReviewsPublishedByIdReports: {
    method: "post",
    path: "/api/reviews/published/{id}/reports",
    params: reviewParam,
    body: reportSchema,
    ...(globalThis.API_DOCS_OMITTED || {
      tag,
      summary: "Signaler un avis publié : il rejoint la liste de la propriétaire (limité par adresse)",
      responses: {
        204: { description: "Signalement reçu" },
        400: error("Motif invalide"),
        404: error("Avis introuvable"),
        429: { description: "Trop de signalements", schema: rateLimitedSchema },
      },
    }),
  },
} satisfies Contract;
