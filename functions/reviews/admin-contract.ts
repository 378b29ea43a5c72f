/** The owner's « Avis » list, served by the "lots" function. Schemas and words only. */
import * as z from "zod";
import {
  adminReviewSchema,
  adminReviewsQuerySchema,
  answerRequestSchema,
  publishRequestSchema,
  refuseRequestSchema,
  reviewKeyParam,
} from "../../src/domain/reviews/review-schemas";
import { administration, invalid } from "../platform/admin-contract";
import { type Contract, errorResponse } from "../platform/contract";

const moderated =
  globalThis.API_DOCS_OMITTED ||
  ((description: string) => ({
    200: { description, schema: z.object({ review: adminReviewSchema }) },
    ...invalid,
    404: errorResponse("Avis introuvable"),
    409: errorResponse("L'avis a changé entre-temps (REVIEW_CHANGED) : rechargez la liste"),
  }));

export const adminReviewsContract = {
  getAdminReviews: {
    method: "get",
    path: "/api/admin/reviews",
    query: adminReviewsQuerySchema,
    ...(globalThis.API_DOCS_OMITTED ||
      administration(
        "Les avis à modérer (les plus anciens d'abord) et les avis publiés signalés ; avec status=published, tous les avis publiés (les plus récents d'abord)",
        {
          200: { description: "Avis", schema: z.object({ reviews: z.array(adminReviewSchema) }) },
        },
      )),
  },
  postAdminReviewsByOrderIdByProductIdPublish: {
    method: "post",
    path: "/api/admin/reviews/{orderId}/{productId}/publish",
    params: reviewKeyParam,
    body: publishRequestSchema,
    ...(globalThis.API_DOCS_OMITTED ||
      administration("Publier un avis en attente", moderated("Avis publié"))),
  },
  postAdminReviewsByOrderIdByProductIdRefuse: {
    method: "post",
    path: "/api/admin/reviews/{orderId}/{productId}/refuse",
    params: reviewKeyParam,
    body: refuseRequestSchema,
    ...(globalThis.API_DOCS_OMITTED ||
      administration(
        "Refuser un avis pour l'un des motifs publiés ; son auteur reçoit le motif par e-mail (D111-19)",
        moderated("Avis refusé"),
      )),
  },
  putAdminReviewsByOrderIdByProductIdAnswer: {
    method: "put",
    path: "/api/admin/reviews/{orderId}/{productId}/answer",
    params: reviewKeyParam,
    body: answerRequestSchema,
    ...(globalThis.API_DOCS_OMITTED ||
      administration(
        "Répondre publiquement à un avis, ou modifier la réponse",
        moderated("Réponse enregistrée"),
      )),
  },
} satisfies Contract;
