import { handle } from "hono/aws-lambda";
import { createAreaApp } from "../area-app";
import { depsFromEnv, settlingBackgroundSends } from "../deps-from-env";
import { routes } from "../generated/payments";
import { openFirstConnection } from "./init";

/** Lambda "payments": PayPal client id, create and capture (a customer's, a guest's), webhooks. */
export const app = createAreaApp("payments", routes, depsFromEnv);
export const handler = settlingBackgroundSends(handle(app));

await openFirstConnection();
