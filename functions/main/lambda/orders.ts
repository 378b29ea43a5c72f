import { handle } from "hono/aws-lambda";
import { guestOrdersRoutes } from "../../orders/guest/routes";
import { ordersRoutes } from "../../orders/routes";
import { promoRoutes } from "../../promos/routes";
import { waitlistRoutes } from "../../waitlist/routes";
import { withdrawalsRoutes } from "../../withdrawals/routes";
import { createAreaApp } from "../area-app";
import { depsFromEnv, settlingBackgroundSends } from "../deps-from-env";
import { openFirstConnection } from "./init";

/** Lambda "orders": bank-transfer orders, promo code checks, withdrawals without an account, the waitlist. */
export const app = createAreaApp(
  "orders",
  {
    orders: ordersRoutes,
    "guest-orders": guestOrdersRoutes,
    promo: promoRoutes,
    withdrawals: withdrawalsRoutes,
    waitlist: waitlistRoutes,
  },
  depsFromEnv,
);
export const handler = settlingBackgroundSends(handle(app));

await openFirstConnection();
