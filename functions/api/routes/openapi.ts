import { Hono } from "hono";
import { openApiContract } from "../../site/contract";
import { apiOperations } from "../contracts";
import type { AppEnv } from "../env";
import { buildOpenApiDocument } from "../openapi";
import { route, routesAt } from "../route";

let document: ReturnType<typeof buildOpenApiDocument> | undefined;

/** The OpenAPI document, built once from every contract (contracts.ts), never from the route modules. */
export const openApiRoutes = routesAt("/api/openapi.json", new Hono<AppEnv>());
route(openApiRoutes, openApiContract.getOpenapiJson, (c) => {
  document ??= buildOpenApiDocument(apiOperations);
  return c.json(document);
});
