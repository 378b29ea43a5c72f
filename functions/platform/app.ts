import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { matchedRoutes } from "hono/route";
import * as z from "zod";
import { MAX_PHOTO_BYTES, PHOTOS_API_MOUNT } from "../../src/domain/catalog/product-photos";
import { DomainError, errorBody } from "../../src/domain/errors";
import { shopErrorMap } from "../../src/domain/field-messages";
import type { Deps } from "./deps";
import type { AppEnv } from "./env";
import { carriesEdgeKey } from "./middleware/client-ip";
import { handleError } from "./middleware/errors";
import { jsonOnly } from "./middleware/json-only";
import { mountOf } from "./mount";

/** Told, in tests, the status each route answered: `GET /api/products/:id` answered 404. */
export type AnswerObserver = (method: string, routePath: string, status: number) => void;

export type RouteModules = Readonly<Record<string, Hono<AppEnv>>>;

// A field whose schema gives no message of its own (a wrong type, a bound) gets the shop's French sentence.
z.config({ localeError: shopErrorMap });

/**
 * Only the security headers that mean something for a same-origin JSON answer; the Router adds
 * the document ones on AWS (infra/web.ts). Each header costs every answer: secureHeaders()' eleven took the unknown
 * route from 0.60x to 0.46x a bare node:http server.
 */
export const API_HEADERS: readonly (readonly [string, string])[] = [
  ["cross-origin-resource-policy", "same-origin"],
  ["x-content-type-options", "nosniff"],
];
const SENTINEL_HEADER = "x-content-type-options";

/** An unknown /api route: the same body every time, built once (an error's stack trace costs on each build). */
const NOT_FOUND_BODY = errorBody(new DomainError("NOT_FOUND"));

/**
 * The functions answer only requests that came through the Router, whose viewer-request function adds the edge key, so
 * CloudFront's cache, headers and visitor address cannot be bypassed (docs/decisions/031-secrets-and-origin.md). No
 * key: nothing checked.
 */
const DIRECT_CALL_BODY = errorBody(
  new DomainError("FORBIDDEN", "Accès refusé : l'API de la boutique ne répond qu'au travers de son site."),
);

export function maxBodyBytes(env: NodeJS.ProcessEnv = process.env): number {
  const configured = Number(env.API_MAX_BODY_BYTES);
  return Number.isInteger(configured) && configured > 0 ? configured : 1024 * 1024;
}

/** Each Lambda imports only its area's route modules, so its bundle carries only that code. */
export function createApp(
  modules: RouteModules,
  deps: () => Deps,
  { edgeKey, answered }: { edgeKey?: string; answered?: AnswerObserver } = {},
): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  if (answered)
    app.use("*", async (c, next) => {
      await next();
      const served = matchedRoutes(c).findLast((candidate) => candidate.method !== "ALL");
      if (served) answered(served.method, served.path, c.res.status);
    });
  if (edgeKey)
    app.use("*", async (c, next) => {
      if (carriesEdgeKey(c, edgeKey)) return next();
      for (const [name, value] of API_HEADERS) c.header(name, value);
      c.header("cache-control", "no-store");
      return c.json(DIRECT_CALL_BODY, 403);
    });
  const limit = (maxSize: number, error: "PAYLOAD_TOO_LARGE" | "PHOTO_TOO_LARGE") =>
    bodyLimit({
      maxSize,
      onError: () => {
        throw new DomainError(error);
      },
    });
  const jsonLimit = limit(maxBodyBytes(), "PAYLOAD_TOO_LARGE");
  const photoLimit = limit(MAX_PHOTO_BYTES, "PHOTO_TOO_LARGE");
  app.use("/api/*", async (c, next) => {
    // Set before the handler, they go out with the Response c.json() builds, in one go; refusals carry them too.
    for (const [name, value] of API_HEADERS) c.header(name, value);
    c.header("cache-control", "no-store");
    c.set("deps", deps());
    c.set("auth", null);
    const method = c.req.method;
    // Asking a GET for its body would make the node server build a full Request.
    if (method === "GET" || method === "HEAD") await next();
    else {
      const limit = c.req.path.startsWith(`${PHOTOS_API_MOUNT}/`) ? photoLimit : jsonLimit;
      await limit(c, async () => {
        await jsonOnly(c, next);
      });
    }
    const headers = c.res.headers;
    if (headers.has(SENTINEL_HEADER)) return;
    for (const [name, value] of API_HEADERS) headers.set(name, value);
    if (!headers.has("cache-control")) headers.set("cache-control", "no-store");
  });
  for (const [mount, routes] of Object.entries(modules)) {
    // A module's contract paths are served below the mount it was made for: elsewhere they would not be documented.
    const madeFor = mountOf(routes);
    if (madeFor !== undefined && madeFor !== mount)
      throw new Error(`The route module made for ${madeFor} is mounted at ${mount}`);
    app.route(mount, routes);
  }
  app.notFound((c) => c.json(NOT_FOUND_BODY, 404));
  app.onError(handleError);
  return app;
}
