import type { Server } from "node:http";
import { serve } from "@hono/node-server";
import { Hono } from "hono";
import { MEDIA_PATH } from "../../src/domain/product-photos";
import type { Deps } from "../services/deps";
import { createFullApp } from "./full-app";
import { mediaFiles, siteSecurityHeaders, staticSite } from "./static-site";

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

/** One origin, as in AWS: /api/* goes to the Hono API, everything else to the static site. */
export function createLocalApp({
  deps,
  distDir,
  isSiteReady,
  mediaDir,
}: Omit<LocalServerOptions, "port">): Hono {
  const api = createFullApp(() => deps);
  const site = new Hono();
  site.all("/api/*", (c) => api.fetch(c.req.raw, c.env));
  site.all("/api", (c) => api.fetch(c.req.raw, c.env));
  if (mediaDir) site.get(`${MEDIA_PATH}/*`, mediaFiles(mediaDir));
  site.use("*", async (c, next) => {
    if (isSiteReady && !isSiteReady())
      return c.html(PREPARING_PAGE, 503, { "retry-after": "2", ...siteSecurityHeaders(c, true) });
    await next();
  });
  site.get("*", staticSite(distDir));
  return site;
}

/** Resolves once the server listens; rejects with the listen error (EADDRINUSE...) instead of crashing. */
export function startLocalServer(options: LocalServerOptions): Promise<Server> {
  const app = createLocalApp(options);
  return new Promise((resolve, reject) => {
    const server = serve(
      { fetch: app.fetch, port: options.port, hostname: options.hostname ?? "127.0.0.1" },
      () => {
        server.off("error", reject);
        resolve(server as Server);
      },
    );
    server.once("error", reject);
  });
}
