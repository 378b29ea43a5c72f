import { handle } from "hono/aws-lambda";
import { adminBatchesRoutes } from "../../batches/routes";
import { adminWaitlistRoutes } from "../../waitlist/admin-routes";
import { createAreaApp } from "../area-app";
import { depsFromEnv, settlingBackgroundSends } from "../deps-from-env";
import { openFirstConnection } from "./init";

/**
 * Lambda "lots": a product's batches and the recall of a lot (decision record 018), and the waitlist's counts
 * (decision record 026), admin only.
 */
export const app = createAreaApp(
  "lots",
  { "admin-batches": adminBatchesRoutes, "admin-waitlist": adminWaitlistRoutes },
  depsFromEnv,
);
export const handler = settlingBackgroundSends(handle(app));

// The first DynamoDB connection, opened during the init (in Lambda only).
await openFirstConnection();
