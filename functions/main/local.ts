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
  /** Absolute path of the built site (Astro's dist/), or where it is now (a publish replaces it). */
  distDir: string | (() => string);
  /** False while the site is being built: pages answer 503 "en préparation" instead of a stale build. */
  isSiteReady?: () => boolean;
  /** The folder of uploaded files (product photos), served under /media as the bucket is on AWS. */
  mediaDir?: string;
}

const PREPARING_PAGE = `<!doctype html><html lang="fr"><meta charset="utf-8"><meta http-equiv="refresh" content="2">
<title>Boutique en préparation</title><p>La boutique se prépare, la page va se recharger…</p></html>`;

/** The API and the static site of the local server, apart. */
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
  // Every other method (GET routes answer HEAD too): 405, not hono's bare 404 (issue 28, item 6).
  site.all("*", methodNotAllowed);
  return { api, site };
}

/** One origin, as in AWS: /api/* goes to the Hono API, everything else to the static site (tests' entry). */
export function createLocalApp(options: Omit<LocalServerOptions, "port">): Hono {
  const split = localSplit(options);
  return new Hono().all("*", (c) => split(c.req.raw, c.env));
}

/** The API or the site, decided on the URL before any router runs: an API call goes through one Hono app. */
function localSplit(options: Omit<LocalServerOptions, "port">) {
  const { api, site } = localApps(options);
  return (request: Request, env: unknown) =>
    isApiUrl(request.url) ? api.fetch(request, env) : site.fetch(request, env);
}

/** True for /api and /api/…, as the router in front of the API has it (the query string aside). */
export function isApiUrl(url: string): boolean {
  const start = url.indexOf("/", url.indexOf("//") + 2);
  if (start < 0) return false;
  const end = url.indexOf("?", start);
  const path = end < 0 ? url.slice(start) : url.slice(start, end);
  return path === "/api" || path.startsWith("/api/");
}

/**
 * An answer given before the request's body has arrived in full (a 413 over the size limit, a 415, a page's 405...)
 * says `Connection: close` (issue 28, item 5): a keep-alive client not told so sent its next request on a connection
 * the server was about to drop, and failed (UND_ERR_SOCKET, "socket hang up"). RFC 9112 §9.6: a client that receives
 * "close" sends no further request on that connection. `complete` is Node's "the whole message was received": a body
 * already off the wire, read or not, leaves the connection reusable.
 *
 * Such an answer waits until the rest of the body is read and thrown away. Closing a socket with bytes still
 * arriving makes the system reset the connection, and a client still sending (a browser uploading a photo too large)
 * then gets EPIPE or ECONNRESET instead of the answer, whose French message it never reads (local-keep-alive.test.ts:
 * 20 clients sending 3 MB at once). Past `DRAIN_LIMITS` (far more bytes than any photo, or a client that stalls) the
 * connection is dropped anyway: reading for ever is what a hostile client would want.
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

/**
 * Reads and discards the rest of a body the app left unread; resolves once it has all arrived, or past the limits,
 * or when the client is gone. Read through the request's own stream, which the node adapter feeds from the socket. A
 * body the app began to read (one sent without a length, that the size limit counted) is locked by its reader: it
 * is left to it, and the connection is dropped after the answer.
 */
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

/** Resolves once the server listens; rejects with the listen error (EADDRINUSE...) instead of crashing. */
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
