import { Hono } from "hono";
import type { AppEnv } from "../platform/env";
import { honoPath, routesAt } from "../platform/mount";
import { buildOpenApiDocument } from "../platform/openapi";
import { apiOperations } from "./contracts";
import { openApiContract } from "./openapi-contract";

let document: ReturnType<typeof buildOpenApiDocument> | undefined;

export const openApiRoutes = routesAt({ mount: "/api/openapi.json", area: "docs" }, new Hono<AppEnv>());
// Bound by hand, not with route(): the operation validates nothing, and route.ts would bring the validators and
// their French errors into the docs function.
const operation = openApiContract.getOpenapiJson;
openApiRoutes.on(operation.method.toUpperCase(), honoPath("/api/openapi.json", operation.path), (c) => {
  document ??= buildOpenApiDocument(apiOperations);
  return c.json(document);
});
