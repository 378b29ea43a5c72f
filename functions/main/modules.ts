import type { Hono } from "hono";
import type { AppEnv } from "../platform/env";
import { mountOf } from "../platform/mount";
import { routes } from "./generated/all";

/**
 * The whole API in one app (the local server, the tests), by mount, the longest first: as the Router sends a request
 * to the area with the longest matching mount, a module's middleware never runs before a deeper module's routes.
 */
export const routeModules: Record<string, Hono<AppEnv>> = Object.fromEntries(
  Object.values<Hono<AppEnv>>(routes)
    .map((module) => [mountOf(module) as string, module] as const)
    .sort(([a], [b]) => b.length - a.length || a.localeCompare(b)),
);
