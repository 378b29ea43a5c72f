import type { IncomingMessage, Server } from "node:http";
import { serve } from "@hono/node-server";
import { Hono } from "hono";
import { MEDIA_PATH } from "../../src/domain/catalog/product-photos";
import type { Deps } from "../platform/deps";
import { mediaFiles, methodNotAllowed, siteSecurityHeaders, staticSite } from "../platform/static-site";
import { createFullApp } from "./full-app";

export interface LocalServerOptions {
  port: number;
  hostname?: string;
  deps: Deps;
  /** Where the built site is now: a publish replaces it. */
  distDir: string | (() => string);
  /** False while the site is being built: pages answer 503 "en préparation" instead of a stale build. */
  isSiteReady?: () => boolean;
  mediaDir?: string;
}

const PREPARING_PAGE = `<!doctype html><html lang="fr"><meta charset="utf-8"><meta http-equiv="refresh" content="2">
<title>Boutique en préparation</title><p>La boutique se prépare, la page va se recharger…</p></html>`;

function localApps({ deps, distDir, isSiteReady, mediaDir }: Omit<LocalServerOptions, "port">) {
  const api = createFullApp(() => deps);
  const site = new Hono();
  if (mediaDir) site.get(`${MEDIA_PATH}/*`, mediaFiles(mediaDir));
  site.use("*", async (c, next) => {
    if (isSiteReady && !isSiteReady())
      return c.html(PREPARING_PAGE, 503, { "retry-after": "2", ...siteSecurityHeaders(c, true) });
    await next();
  });
  site.get("*", staticSite(distDir));
  // 405 for every other method (GET routes answer HEAD too), not hono's bare 404.
  site.all("*", methodNotAllowed);
  return { api, site };
}

/** One origin, as in AWS: /api/* goes to the Hono API, everything else to the static site (tests' entry). */
export function createLocalApp(options: Omit<LocalServerOptions, "port">): Hono {
  const split = localSplit(options);
  return new Hono().all("*", (c) => split(c.req.raw, c.env));
}

function localSplit(options: Omit<LocalServerOptions, "port">) {
  const { api, site } = localApps(options);
  return (request: Request, env: unknown) =>
    isApiUrl(request.url) ? api.fetch(request, env) : site.fetch(request, env);
}

export function isApiUrl(url: string): boolean {
  const start = url.indexOf("/", url.indexOf("//") + 2);
  if (start < 0) return false;
  const end = url.indexOf("?", start);
  const path = end < 0 ? url.slice(start) : url.slice(start, end);
  return path === "/api" || path.startsWith("/api/");
}

/**
 * An answer given before the body arrived in full says `Connection: close`: a keep-alive client not told so sent its
 * next request on a connection about to drop (RFC 9112 §9.6). The rest of the body is still read and thrown away:
 * closing a socket with bytes arriving resets it, and a client still uploading gets ECONNRESET instead of the French
 * answer. Past `DRAIN_LIMITS` the connection is dropped anyway: reading for ever is what a hostile client wants.
 */
export function closeWhenBodyUnread(
  fetch: (request: Request, env: unknown) => Response | Promise<Response>,
  limits: DrainLimits = DRAIN_LIMITS,
): (request: Request, env: unknown) => Promise<Response> {
  return async (request, env) => {
    const response = await fetch(request, env);
    const incoming = (env as { incoming?: IncomingMessage } | undefined)?.incoming;
    if (!incoming || incoming.complete) return response;
    await drain(request, limits);
    try {
      response.headers.set("connection", "close");
      return response;
    } catch {
      // Immutable headers (a Response the app did not build): the same answer with the header added.
      const headers = new Headers(response.headers);
      headers.set("connection", "close");
      return new Response(response.body, {
        status: response.status,
        statusText: response.statusText,
        headers,
      });
    }
  };
}

export interface DrainLimits {
  bytes: number;
  ms: number;
}

/** What the server reads of a body it refused, at most: 16 times the largest photo, for a slow link's minute. */
export const DRAIN_LIMITS: DrainLimits = { bytes: 64 * 1024 * 1024, ms: 60_000 };

/** A body the app began to read is locked by its reader: left to it, and the connection dropped after the answer. */
async function drain(request: Request, limits: DrainLimits): Promise<void> {
  const body = request.body;
  if (!body || body.locked) return;
  const reader = body.getReader();
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<"late">((resolve) => {
    timer = setTimeout(() => resolve("late"), limits.ms);
  });
  try {
    for (let bytes = 0; bytes <= limits.bytes; ) {
      const read = await Promise.race([reader.read(), late]);
      if (read === "late" || read.done) break;
      bytes += read.value.byteLength;
    }
  } catch {
    // The client went away: nothing left to read.
  } finally {
    clearTimeout(timer);
    reader.cancel().catch(() => {});
  }
}

export function startLocalServer(options: LocalServerOptions): Promise<Server> {
  const fetch = closeWhenBodyUnread(localSplit(options));
  return new Promise((resolve, reject) => {
    const server = serve({ fetch, port: options.port, hostname: options.hostname ?? "127.0.0.1" }, () => {
      server.off("error", reject);
      resolve(server as Server);
    });
    server.once("error", reject);
  });
}
