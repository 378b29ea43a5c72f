import { Hono } from "hono";
import * as z from "zod";
import { bankTransferOrderSchema, orderSchema } from "../../../src/domain/order";
import { placeBankTransferOrder } from "../../services/checkout";
import type { AppEnv } from "../env";
import { idempotencyKey } from "../middleware/idempotency";
import { caller, requireUser, withSession } from "../middleware/session";
import { validate } from "../middleware/validate";
import { errorResponseSchema, type RouteDoc } from "../openapi";

/** POST /api/orders: a bank-transfer order (PayPal orders are created by /api/paypal-payment). */
export const ordersRoutes = new Hono<AppEnv>()
  .use(withSession, requireUser)
  .post("/", validate("json", bankTransferOrderSchema), async (c) => {
    const key = idempotencyKey(c.req.header("idempotency-key"));
    const { order, replayed } = await placeBankTransferOrder(
      c.var.deps,
      caller(c).user,
      c.req.valid("json"),
      key,
    );
    return c.json({ order }, replayed ? 200 : 201);
  });

const error = (description: string) => ({ description, schema: errorResponseSchema });

export const ordersDocs: RouteDoc[] = [
  {
    method: "post",
    path: "/api/orders",
    tag: "Commandes",
    summary:
      "Passer une commande payée par virement (prix, frais de port et code promo recalculés ; stock pris dans la même transaction). En-tête Idempotency-Key facultatif.",
    body: bankTransferOrderSchema,
    responses: {
      201: { description: "Commande créée", schema: z.object({ order: orderSchema }) },
      200: {
        description: "Même Idempotency-Key : la commande déjà créée",
        schema: z.object({ order: orderSchema }),
      },
      400: error("Champs invalides"),
      401: error("Non connecté"),
      404: error("Adresse de livraison inconnue"),
      409: error(
        "Stock insuffisant, prix changés (PRICE_CHANGED, avec les montants du serveur), code promo épuisé…",
      ),
      503: error("Boutique en maintenance"),
    },
  },
];
