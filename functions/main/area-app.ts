import type { Hono } from "hono";
import { createApp } from "../platform/app";
import type { Deps } from "../platform/deps";
import { EDGE_KEY_VARIABLE } from "../platform/edge-headers";
import type { AppEnv } from "../platform/env";
import { mountOf } from "../platform/mount";
import type { ApiAreaName, AreaModuleName } from "./areas";

/**
 * A Lambda's app: exactly the route modules features.ts gives the area, answering only requests that carry the
 * edge key. The list itself is not read here, so a Lambda's bundle carries only its own modules' mounts.
 */
export function createAreaApp<A extends ApiAreaName>(
  area: A,
  modules: Readonly<Record<AreaModuleName<A>, Hono<AppEnv>>>,
  deps: () => Deps,
  env: NodeJS.ProcessEnv = process.env,
): Hono<AppEnv> {
  const mounted: Record<string, Hono<AppEnv>> = {};
  for (const [name, routes] of Object.entries<Hono<AppEnv>>(modules)) {
    const mount = mountOf(routes);
    if (mount === undefined)
      throw new Error(`Lambda ${area}: the route module ${name} was not made by routesAt()`);
    mounted[mount] = routes;
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
