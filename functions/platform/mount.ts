import type { Hono } from "hono";
import type { AppEnv } from "./env";

/**
 * Where a route module is served, said once, where it is created: its mount and the Lambda area that serves it, or
 * the module it is mounted within. functions/main/generated/ is derived from these (`npm run api:modules`).
 */
export type ServedAt =
  | { readonly mount: string; readonly area: string }
  | { readonly mount: string; readonly within: string };

const servedAt = new WeakMap<Hono<AppEnv>, ServedAt>();

/** Contract paths are full OpenAPI paths: route() serves each below this mount, which app.ts checks. */
export function routesAt(at: ServedAt, app: Hono<AppEnv>): Hono<AppEnv> {
  if ("within" in at && !at.mount.startsWith(`${at.within}/`))
    throw new Error(`The route module ${at.mount} is not below the module ${at.within} it is mounted within`);
  servedAt.set(app, at);
  return app;
}

export function servedAtOf(app: Hono<AppEnv>): ServedAt | undefined {
  return servedAt.get(app);
}

export function mountOf(app: Hono<AppEnv>): string | undefined {
  return servedAt.get(app)?.mount;
}

/**
 * The Hono path of a contract's OpenAPI path, below the module's mount: /api/withdrawals/orders/{id} -> /orders/:id.
 */
export function honoPath(mount: string, path: string): string {
  if (path !== mount && !path.startsWith(`${mount}/`))
    throw new Error(`The operation ${path} is not below its route module's mount ${mount}`);
  return path.slice(mount.length).replace(/\{(\w+)\}/g, ":$1") || "/";
}
