import { handle } from "hono/aws-lambda";
import { adminShippingRoutes, pickupPointsRoutes } from "../../shipping/routes";
import { createAreaApp } from "../area-app";
import { depsFromEnv, settlingBackgroundSends } from "../deps-from-env";
import { openFirstConnection } from "./init";

/**
 * Lambda "shipping": Colissimo labels (issue 31, decision record 027) for the owner, and the checkout's pick-up point
 * search (decision record 048). The only function that may open the Colissimo password (its KMS grant) and read and
 * write the private documents bucket (the label PDFs), and the one that merges a day's labels with pdf-lib.
 */
export const app = createAreaApp(
  "shipping",
  { "admin-shipping": adminShippingRoutes, "pickup-points": pickupPointsRoutes },
  depsFromEnv,
);
export const handler = settlingBackgroundSends(handle(app));

// The first DynamoDB connection, opened during the init (in Lambda only).
await openFirstConnection();
