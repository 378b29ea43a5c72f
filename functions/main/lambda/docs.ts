import { handle } from "hono/aws-lambda";
import type { Deps } from "../../platform/deps";
import { createAreaApp } from "../area-app";
import { openApiRoutes } from "../openapi-routes";

/**
 * The documentation reads nothing: no database, no mail, no queue. Without deps.ts the bundle carries neither the
 * AWS SDK nor ElectroDB; a route of this function that asked for a dependency would fail loudly, not quietly.
 */
const noDeps = new Proxy({} as Deps, {
  get(_, name) {
    throw new Error(`The docs function has no dependencies: ${String(name)} was asked for.`);
  },
});

/** Lambda "docs": the OpenAPI document of the whole API, built from the contracts alone (contracts.ts), no services. */
export const app = createAreaApp("docs", { openapi: openApiRoutes }, () => noDeps);
export const handler = handle(app);
