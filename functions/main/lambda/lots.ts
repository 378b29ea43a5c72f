import { handle } from "hono/aws-lambda";
import { adminBatchesRoutes } from "../../batches/routes";
import { ordersByIds } from "../../orders/service";
import { adminWaitlistRoutes } from "../../waitlist/admin-routes";
import { createAreaApp } from "../area-app";
import { depsFromEnv, settlingBackgroundSends } from "../deps-from-env";
import { openFirstConnection } from "./init";

/** Lambda "lots": batches and recalls and the waitlist's counts, admin only. */
export const app = createAreaApp(
  "lots",
  { "admin-batches": adminBatchesRoutes(ordersByIds), "admin-waitlist": adminWaitlistRoutes },
  depsFromEnv,
);
export const handler = settlingBackgroundSends(handle(app));

await openFirstConnection();
