import { handle } from "hono/aws-lambda";
import { createAreaApp } from "../app";
import { depsFromEnv, settlingBackgroundSends } from "../deps";
import { ordersRoutes } from "../routes/orders";
import { promoRoutes } from "../routes/promo";

/** Lambda "orders": bank-transfer orders and promo code checks. */
export const app = createAreaApp(
  "orders",
  { "/api/orders": ordersRoutes, "/api/promo": promoRoutes },
  depsFromEnv,
);
export const handler = settlingBackgroundSends(handle(app));
