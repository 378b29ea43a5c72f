import { handle } from "hono/aws-lambda";
import { adminShippingRoutes, pickupPointsRoutes } from "../../shipping/routes";
import { createAreaApp } from "../area-app";
import { depsFromEnv, settlingBackgroundSends } from "../deps-from-env";
import { openFirstConnection } from "./init";

/**
 * Lambda "shipping": the only function that may open the Colissimo password and use
 * the private documents bucket, and the one that merges a day's labels with pdf-lib.
 */
export const app = createAreaApp(
  "shipping",
  { "admin-shipping": adminShippingRoutes, "pickup-points": pickupPointsRoutes },
  depsFromEnv,
);
export const handler = settlingBackgroundSends(handle(app));

await openFirstConnection();
