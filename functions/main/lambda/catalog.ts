import { handle } from "hono/aws-lambda";
import { productsRoutes } from "../../catalog/routes";
import { cspReportsRoutes } from "../../publishing/csp-reports-routes";
import { settingsRoutes } from "../../settings/routes";
import { createAreaApp } from "../area-app";
import { depsFromEnv, settlingBackgroundSends } from "../deps-from-env";
import { openFirstConnection } from "./init";

/** Lambda "catalog": products, public settings and the browsers' Content-Security-Policy reports. */
export const app = createAreaApp(
  "catalog",
  { products: productsRoutes, settings: settingsRoutes, "csp-reports": cspReportsRoutes },
  depsFromEnv,
);
export const handler = settlingBackgroundSends(handle(app));

await openFirstConnection();
