/** Schemas and words only: the docs function loads it without the code that serves it. */
import * as z from "zod";
import { rateLimits } from "../../src/domain/rate-limit";
import { type Contract, errorResponse } from "../platform/contract";
import { rateLimitedSchema } from "../platform/middleware/retry-after";
import { validateSchema } from "./schemas";

const answerSchema =
  globalThis.API_DOCS_OMITTED ||
  z.union([
    z.object({
      valid: z.literal(true),
      promo: z.object({
        id: z.string(),
        code: z.string(),
        discount_type: z.enum(["percentage", "fixed_amount"]),
        discount_value: z.number(),
        discount_amount: z.number(),
        /** The cart's products in « Soldes » the code leaves (it does not combine with them). */
        excluded_product_ids: z.array(z.int()),
        /** The subtotal the code applies to, in euros. */
        eligible_amount: z.number(),
      }),
    }),
    z.object({ valid: z.literal(false), error: z.string() }),
  ]);

export const promoContract = {
  postPromoValidate: {
    method: "post",
    path: "/api/promo/validate",
    body: validateSchema,
    ...(globalThis.API_DOCS_OMITTED || {
      tag: "Codes promo",
      summary: "Vérifier un code promo pour un panier (raison en français quand il ne s'applique pas)",
      responses: {
        200: { description: "Résultat", schema: answerSchema },
        400: errorResponse("Champs invalides"),
        429: {
          description:
            `Trop de vérifications : plus de ${rateLimits.promoChecks.max} en ${rateLimits.promoChecks.windowMinutes} ` +
            "minutes (fenêtre glissante) depuis cette adresse IP ou pour ce client connecté. En-tête Retry-After en " +
            "secondes.",
          schema: rateLimitedSchema,
        },
      },
    }),
  },
} satisfies Contract;
