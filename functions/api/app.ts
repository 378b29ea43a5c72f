import { Hono } from "hono";
import { secureHeaders } from "hono/secure-headers";
import { DomainError, errorBody } from "../../src/domain/errors";
import type { Deps } from "../services/deps";
import type { AppEnv } from "./env";
import { handleError } from "./middleware/errors";
import { jsonOnly } from "./middleware/json-only";
import { routeModules } from "./modules";

/**
 * Composes the API from route modules. The local server mounts them all; each Lambda mounts its area's
 * (see areas.ts). `deps` is a function so a Lambda builds its clients once, at the first request.
 */
export function createApp(mounts: readonly string[], deps: () => Deps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.use("/api/*", secureHeaders(), jsonOnly, async (c, next) => {
    c.set("deps", deps());
    c.set("auth", null);
    await next();
    if (!c.res.headers.has("cache-control")) c.header("cache-control", "no-store");
  });
  for (const mount of mounts) {
    const routes = routeModules[mount];
    if (!routes) throw new Error(`No route module is mounted at ${mount}`);
    app.route(mount, routes);
  }
  app.notFound((c) => c.json(errorBody(new DomainError("NOT_FOUND")), 404));
  app.onError(handleError);
  return app;
}

/** The whole API, as the local server and the tests serve it. */
export function createFullApp(deps: () => Deps): Hono<AppEnv> {
  return createApp(Object.keys(routeModules), deps);
}
