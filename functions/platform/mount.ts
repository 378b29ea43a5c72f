import type { Hono } from "hono";
import type { AppEnv } from "./env";

/** Where each route module is mounted, as it says when it is created (routesAt). */
const mounts = new WeakMap<Hono<AppEnv>, string>();

/** Contract paths are full OpenAPI paths: route() serves each below this mount, which app.ts checks. */
export function routesAt(mount: string, app: Hono<AppEnv>): Hono<AppEnv> {
  mounts.set(app, mount);
  return app;
}

export function mountOf(app: Hono<AppEnv>): string | undefined {
  return mounts.get(app);
}

/**
 * The Hono path of a contract's OpenAPI path, below the module's mount: /api/withdrawals/orders/{id} -> /orders/:id.
 */
export function honoPath(mount: string, path: string): string {
  if (path !== mount && !path.startsWith(`${mount}/`))
    throw new Error(`The operation ${path} is not below its route module's mount ${mount}`);
  return path.slice(mount.length).replace(/\{(\w+)\}/g, ":$1") || "/";
}
