import { handle } from "hono/aws-lambda";
import { guestPaypalRoutes } from "../../payments/guest-routes";
import { paypalRoutes } from "../../payments/routes";
import { createAreaApp } from "../area-app";
import { depsFromEnv, settlingBackgroundSends } from "../deps-from-env";
import { openFirstConnection } from "./init";

/** Lambda "payments": PayPal client id, create and capture (a customer's, a guest's), webhooks. */
export const app = createAreaApp(
  "payments",
  { paypal: paypalRoutes, "guest-paypal": guestPaypalRoutes },
  depsFromEnv,
);
export const handler = settlingBackgroundSends(handle(app));

await openFirstConnection();
