/**
 * The baseline of the Lighthouse runs: a minimal page (a heading and two paragraphs, no CSS file, no script), served
 * by the shop's own static-site handler on its own port, so it travels exactly as the shop's pages do (same headers,
 * same compression).
 */
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { serve } from "@hono/node-server";
import { Hono } from "hono";
import { staticSite } from "../../functions/platform/static-site";

const MINIMAL_PAGE = `<!doctype html>
<html lang="fr">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="description" content="Page minimale de référence des mesures Lighthouse." />
    <title>Page minimale</title>
  </head>
  <body>
    <h1>Page minimale</h1>
    <p>Une page sans feuille de style ni script : la référence des mesures de vitesse de la boutique.</p>
    <p>Elle est servie par le même code que les pages de la boutique, avec les mêmes en-têtes et la même compression.</p>
  </body>
</html>
`;

export interface MinimalPage {
  url: string;
  close(): Promise<void>;
}

export async function serveMinimalPage(): Promise<MinimalPage> {
  const folder = await mkdtemp(join(tmpdir(), "minimal-page-"));
  await writeFile(join(folder, "index.html"), MINIMAL_PAGE);
  const app = new Hono().get("*", staticSite(folder));
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const started = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, () => resolve(started));
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await rm(folder, { recursive: true, force: true });
    },
  };
}
