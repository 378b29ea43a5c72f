/** The review invitation's opt-out. Schemas and words only: the docs function loads it without the code that serves it. */
import * as z from "zod";
import { OPT_OUT_LINK_INVALID } from "../../src/domain/reviews/opt-out";
import { type Contract, errorResponse } from "../platform/contract";

const tokenParam = z.object({
  token: z.string().min(1, OPT_OUT_LINK_INVALID).max(100, OPT_OUT_LINK_INVALID),
});

export const reviewInvitationsContract = {
  postReviewsInvitationsOptOutByToken: {
    method: "post",
    path: "/api/reviews/invitations/opt-out/{token}",
    params: tokenParam,
    ...(globalThis.API_DOCS_OMITTED || {
      tag: "Avis clients",
      summary:
        "Ne plus recevoir d'invitation à donner un avis (lien de l'invitation ; aussi le désabonnement en un clic des messageries, RFC 8058, dont le corps List-Unsubscribe=One-Click est accepté)",
      responses: {
        200: {
          description: "Désinscription enregistrée (ou déjà faite)",
          schema: z.object({ message: z.string() }),
        },
        404: errorResponse("Lien de désinscription invalide ou expiré"),
        415: errorResponse("Corps ni JSON ni formulaire"),
      },
    }),
  },
} satisfies Contract;
