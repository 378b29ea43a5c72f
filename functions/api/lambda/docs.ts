import { handle } from "hono/aws-lambda";
import { createAreaApp } from "../app";
import { depsFromEnv, settlingBackgroundSends } from "../deps";
import { openApiRoutes } from "../routes/openapi";

/** Lambda "docs": the OpenAPI document of the whole API. */
export const app = createAreaApp("docs", { "/api/openapi.json": openApiRoutes }, depsFromEnv);
export const handler = settlingBackgroundSends(handle(app));
