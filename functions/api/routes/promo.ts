import { Hono } from "hono";
import * as z from "zod";
import { eurosToCents } from "../../../src/domain/money";
import { validatePromo } from "../../services/promos";
import type { AppEnv } from "../env";
import { withSession } from "../middleware/session";
import { validate } from "../middleware/validate";
import type { RouteDoc } from "../openapi";

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

/** Promo code check for the cart; anonymous visitors may check a code, the daily limit needs the customer. */
export const promoRoutes = new Hono<AppEnv>().post(
  "/validate",
  withSession,
  validate("json", validateSchema),
  async (c) => {
    const { promo_code, total_amount } = c.req.valid("json");
    const userId = c.var.auth?.user.id ?? null;
    return c.json(await validatePromo(c.var.deps, promo_code, eurosToCents(total_amount), userId));
  },
);

export const promoDocs: RouteDoc[] = [
  {
    method: "post",
    path: "/api/promo/validate",
    tag: "Codes promo",
    summary: "Vérifier un code promo pour un panier (raison en français quand il ne s'applique pas)",
    body: validateSchema,
    responses: { 200: { description: "Résultat", schema: answerSchema } },
  },
];
