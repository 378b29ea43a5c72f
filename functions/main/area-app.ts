import type { Hono } from "hono";
import { createApp } from "../platform/app";
import type { Deps } from "../platform/deps";
import { EDGE_KEY_VARIABLE } from "../platform/edge-headers";
import type { AppEnv } from "../platform/env";
import { servedAtOf } from "../platform/mount";
import type { ApiAreaName } from "./areas";

/**
 * A Lambda's app: exactly the route modules generated for its area (functions/main/generated/<area>.ts), answering
 * only requests that carry the edge key. The module list itself is not read here, so a Lambda's bundle carries only
 * its own modules.
 */
export function createAreaApp(
  area: ApiAreaName,
  modules: Readonly<Record<string, Hono<AppEnv>>>,
  deps: () => Deps,
  env: NodeJS.ProcessEnv = process.env,
): Hono<AppEnv> {
  const mounted: Record<string, Hono<AppEnv>> = {};
  for (const [name, routes] of Object.entries(modules)) {
    const at = servedAtOf(routes);
    if (!at || !("area" in at) || at.area !== area)
      throw new Error(`Lambda ${area}: the route module ${name} is not declared for this area by routesAt()`);
    mounted[at.mount] = routes;
  }
  const edgeKey = env[EDGE_KEY_VARIABLE] || undefined;
  const app = createApp(mounted, deps, { edgeKey });
  // Deployed without the key: every invocation fails (its Errors alarm) rather than serve unchecked.
  if (!edgeKey && env.AWS_LAMBDA_FUNCTION_NAME)
    app.fetch = () => {
      throw new Error(`Lambda ${area}: ${EDGE_KEY_VARIABLE} is not set, every request is refused`);
    };
  return app;
}
