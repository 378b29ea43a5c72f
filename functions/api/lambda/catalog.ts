import { handle } from "hono/aws-lambda";
import { createAreaApp } from "../app";
import { depsFromEnv, settlingBackgroundSends } from "../deps";
import { productsRoutes } from "../routes/products";
import { settingsRoutes } from "../routes/settings";

/** Lambda "catalog": products and public settings. */
export const app = createAreaApp(
  "catalog",
  { "/api/products": productsRoutes, "/api/settings": settingsRoutes },
  depsFromEnv,
);
export const handler = settlingBackgroundSends(handle(app));
