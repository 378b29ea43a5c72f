import type { Server } from "node:http";
import { serve } from "@hono/node-server";
import { Hono } from "hono";
import { MEDIA_PATH } from "../../src/domain/product-photos";
import type { Deps } from "../services/deps";
import { createFullApp } from "./full-app";
import { mediaFiles, methodNotAllowed, siteSecurityHeaders, staticSite } from "./static-site";

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

/** Resolves once the server listens; rejects with the listen error (EADDRINUSE...) instead of crashing. */
export function startLocalServer(options: LocalServerOptions): Promise<Server> {
  const fetch = localSplit(options);
  return new Promise((resolve, reject) => {
    const server = serve({ fetch, port: options.port, hostname: options.hostname ?? "127.0.0.1" }, () => {
      server.off("error", reject);
      resolve(server as Server);
    });
    server.once("error", reject);
  });
}
