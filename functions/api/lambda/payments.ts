import { handle } from "hono/aws-lambda";
import { createAreaApp } from "../app";
import { depsFromEnv, settlingBackgroundSends } from "../deps";
import { paypalRoutes } from "../routes/paypal";

/** Lambda "payments": PayPal client id, create and capture, webhooks. */
export const app = createAreaApp("payments", { "/api/paypal-payment": paypalRoutes }, depsFromEnv);
export const handler = settlingBackgroundSends(handle(app));
