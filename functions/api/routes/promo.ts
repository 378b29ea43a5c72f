import { Hono } from "hono";
import * as z from "zod";
import { eurosToCents } from "../../../src/domain/money";
import { rateLimits } from "../../../src/domain/rate-limit";
import { validatePromo } from "../../services/promos";
import { admitAttempt, type Limit } from "../../services/throttle";
import type { AppEnv } from "../env";
import { clientKey } from "../middleware/client-ip";
import { rateLimitedSchema, retryAfterHeader } from "../middleware/retry-after";
import { withSession } from "../middleware/session";
import { validate } from "../middleware/validate";
import { errorResponseSchema, type RouteDoc } from "../openapi";

const validateSchema = z.object({
  promo_code: z.string().trim().min(1, "Veuillez saisir un code promo").max(40),
  total_amount: z.number().nonnegative().max(1_000_000),
});

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

/**
 * Promo code check for the cart; anonymous visitors may check a code, the daily limit needs the customer.
 * Codes must not be guessable by trying: each check is counted before it is answered, per client address and per
 * signed-in customer (rateLimits.promoChecks: 20 in any 10 minutes), and refused with 429 past that.
 */
export const promoRoutes = new Hono<AppEnv>()
  .use(retryAfterHeader)
  .post("/validate", withSession, validate("json", validateSchema), async (c) => {
    const { promo_code, total_amount } = c.req.valid("json");
    const userId = c.var.auth?.user.id ?? null;
    const limits: Limit[] = [
      { scope: "promo-checks-address", subject: clientKey(c), rule: rateLimits.promoChecks },
    ];
    if (userId) limits.push({ scope: "promo-checks-user", subject: userId, rule: rateLimits.promoChecks });
    await admitAttempt(c.var.deps, limits);
    return c.json(await validatePromo(c.var.deps, promo_code, eurosToCents(total_amount), userId));
  });

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
