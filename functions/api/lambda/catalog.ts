import { handle } from "hono/aws-lambda";
import { createAreaApp } from "../app";
import { depsFromEnv, settlingBackgroundSends } from "../deps";
import { cspReportsRoutes } from "../routes/csp-reports";
import { productsRoutes } from "../routes/products";
import { settingsRoutes } from "../routes/settings";
import { openFirstConnection } from "./init";

/** Lambda "catalog": products, public settings and the browsers' Content-Security-Policy reports. */
export const app = createAreaApp(
  "catalog",
  { products: productsRoutes, settings: settingsRoutes, "csp-reports": cspReportsRoutes },
  depsFromEnv,
);
export const handler = settlingBackgroundSends(handle(app));

// The first DynamoDB connection, opened during the init (in Lambda only).
await openFirstConnection();
