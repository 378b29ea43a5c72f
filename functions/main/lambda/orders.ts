import { handle } from "hono/aws-lambda";
import { createAreaApp } from "../area-app";
import { depsFromEnv, settlingBackgroundSends } from "../deps-from-env";
import { routes } from "../generated/orders";
import { openFirstConnection } from "./init";

/** Lambda "orders": bank-transfer orders, promo code checks, withdrawals without an account, the waitlist. */
export const app = createAreaApp("orders", routes, depsFromEnv);
export const handler = settlingBackgroundSends(handle(app));

await openFirstConnection();
