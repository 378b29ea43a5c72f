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
 * The security headers of every /api answer, set by the app's own middleware before the handler runs. Only those
 * that mean something for a JSON answer fetched by the shop's own pages (decision record 024): `nosniff`, so no
 * answer is ever read as HTML or script, and `Cross-Origin-Resource-Policy: same-origin`, so no other site can load
 * one into its process. The document headers hono's secureHeaders() adds (frame options, opener policy, referrer
 * policy, DNS prefetch, the IE and Flash ones) govern pages, which an API answer never is; on AWS the Router adds
 * nosniff, DENY, the referrer policy, HSTS and the Permissions-Policy to every answer anyway (infra/web.ts). Each
 * header costs every answer: the eleven took the unknown route from 0.60x to 0.46x a bare node:http server.
 * A test keeps them equal to secureHeaders() configured with this choice.
 */
export const API_HEADERS: readonly (readonly [string, string])[] = [
  ["cross-origin-resource-policy", "same-origin"],
  ["x-content-type-options", "nosniff"],
];
const SENTINEL_HEADER = "x-content-type-options";

/** An unknown /api route: the same body every time, built once (an error's stack trace costs on each build). */
const NOT_FOUND_BODY = errorBody(new DomainError("NOT_FOUND"));

/**
 * What a caller of a function URL gets without the edge key (issue 27, docs/decisions/031): the functions answer only
 * requests that came through the Router, whose viewer-request function adds the key (infra/edge.ts), so CloudFront's
 * cache, security headers and visitor address cannot be bypassed. Where no key is configured (npm start, tests:
 * there is no CloudFront) nothing is checked.
 */
const DIRECT_CALL_BODY = errorBody(
  new DomainError("FORBIDDEN", "Accès refusé : l'API de la boutique ne répond qu'au travers de son site."),
);

/** Bodies larger than this are refused with 413 before they are read (API_MAX_BODY_BYTES, default 1 MB). */
export function maxBodyBytes(env: NodeJS.ProcessEnv = process.env): number {
  const configured = Number(env.API_MAX_BODY_BYTES);
  return Number.isInteger(configured) && configured > 0 ? configured : 1024 * 1024;
}

/**
 * Composes the API from route modules keyed by mount path. The local server mounts them all (modules.ts);
 * each Lambda imports only its area's, so its bundle carries only that code. `deps` is a function so a
 * Lambda builds its clients once, at the first request.
 */
export function createApp(
  modules: RouteModules,
  deps: () => Deps,
  { edgeKey, answered }: { edgeKey?: string; answered?: AnswerObserver } = {},
): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  // Tests only (tests/setup/contract-statuses.ts): each answer of a route, with the route that served it.
  if (answered)
    app.use("*", async (c, next) => {
      await next();
      const served = matchedRoutes(c).findLast((candidate) => candidate.method !== "ALL");
      if (served) answered(served.method, served.path, c.res.status);
    });
  // On Lambda, before anything else and for every path: a request without the Router's key is refused.
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
  // A photo's bytes (decision record 019): its own limit, refused with the photo's French message.
  const photoLimit = limit(MAX_PHOTO_BYTES, "PHOTO_TOO_LARGE");
  // One middleware for every /api call (each step of a chain costs a dispatch and a promise).
  app.use("/api/*", async (c, next) => {
    // Set before the handler, the headers go out with the Response that c.json() and c.body() build, in one go
    // (hono's secureHeaders() sets them one by one on the finished Response); refusals below carry them too. A
    // route's own cache-control replaces the default.
    for (const [name, value] of API_HEADERS) c.header(name, value);
    c.header("cache-control", "no-store");
    c.set("deps", deps());
    c.set("auth", null);
    const method = c.req.method;
    // GET and HEAD carry no body: nothing to limit or check (and asking the request for its body would make the
    // node server build a full Request).
    if (method === "GET" || method === "HEAD") await next();
    else {
      const limit = c.req.path.startsWith(`${PHOTOS_API_MOUNT}/`) ? photoLimit : jsonLimit;
      await limit(c, async () => {
        await jsonOnly(c, next);
      });
    }
    // A handler that returned a Response of its own dropped them: they are added to it now.
    const headers = c.res.headers;
    if (headers.has(SENTINEL_HEADER)) return;
    for (const [name, value] of API_HEADERS) headers.set(name, value);
    if (!headers.has("cache-control")) headers.set("cache-control", "no-store");
  });
  for (const [mount, routes] of Object.entries(modules)) {
    // A module's contract paths are served below the mount it was made for (route.ts): mounted elsewhere, its
    // routes would not be the documented ones.
    const madeFor = mountOf(routes);
    if (madeFor !== undefined && madeFor !== mount)
      throw new Error(`The route module made for ${madeFor} is mounted at ${mount}`);
    app.route(mount, routes);
  }
  app.notFound((c) => c.json(NOT_FOUND_BODY, 404));
  app.onError(handleError);
  return app;
}
