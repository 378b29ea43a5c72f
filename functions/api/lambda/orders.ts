import { handle } from "hono/aws-lambda";
import { createAreaApp } from "../app";
import { depsFromEnv, settlingBackgroundSends } from "../deps";
import { ordersRoutes } from "../routes/orders";
import { promoRoutes } from "../routes/promo";
import { waitlistRoutes } from "../routes/waitlist";
import { withdrawalsRoutes } from "../routes/withdrawals";
import { openFirstConnection } from "./init";

/**
 * Lambda "orders": bank-transfer orders, promo code checks, withdrawals without an account and the waitlist of
 * out-of-stock products.
 */
export const app = createAreaApp(
  "orders",
  {
    orders: ordersRoutes,
    promo: promoRoutes,
    withdrawals: withdrawalsRoutes,
    waitlist: waitlistRoutes,
  },
  depsFromEnv,
);
export const handler = settlingBackgroundSends(handle(app));

// The first DynamoDB connection, opened during the init (in Lambda only).
await openFirstConnection();
