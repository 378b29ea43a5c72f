/**
 * The OpenAPI documentation of routes/promo.ts (functions/api/routes/openapi.ts gathers them): schemas and words only,
 * never services, so the docs function carries no more than the documentation.
 */
import * as z from "zod";
import { rateLimits } from "../../../src/domain/rate-limit";
import { rateLimitedSchema } from "../middleware/retry-after";
import { errorResponseSchema, type RouteDoc } from "../openapi";
import { validateSchema } from "../schemas/promo";

const answerSchema = z.union([
  z.object({
    valid: z.literal(true),
    promo: z.object({
      id: z.string(),
      code: z.string(),
      discount_type: z.enum(["percentage", "fixed_amount"]),
      discount_value: z.number(),
      discount_amount: z.number(),
    }),
  }),
  z.object({ valid: z.literal(false), error: z.string() }),
]);

export const promoDocs: RouteDoc[] = [
  {
    method: "post",
    path: "/api/promo/validate",
    tag: "Codes promo",
    summary: "Vérifier un code promo pour un panier (raison en français quand il ne s'applique pas)",
    body: validateSchema,
    responses: {
      200: { description: "Résultat", schema: answerSchema },
      400: { description: "Champs invalides", schema: errorResponseSchema },
      429: {
        description:
          `Trop de vérifications : plus de ${rateLimits.promoChecks.max} en ${rateLimits.promoChecks.windowMinutes} ` +
          "minutes (fenêtre glissante) depuis cette adresse IP ou pour ce client connecté. En-tête Retry-After en " +
          "secondes.",
        schema: rateLimitedSchema,
      },
    },
  },
];
