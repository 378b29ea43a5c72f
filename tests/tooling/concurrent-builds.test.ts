/**
 * Two builds of the site from one checkout at the same moment (issue 28, item 15): `npm start`'s own build and its
 * publisher's first build, or two shops of the end-to-end suite, both run `astro build` in this repository. Neither
 * may fail because the other is running.
 */
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { serve } from "@hono/node-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFullApp } from "../../functions/api/full-app";
import { astroBuild } from "../../scripts/local/astro-build";
import { createTestContext } from "../setup/test-db";
import { createSoap } from "../support/products";

const ctx = await createTestContext();
await createSoap(ctx.deps);
await createSoap(ctx.deps);

describe("two builds started together from one checkout", () => {
  const scratch = mkdtempSync(join(tmpdir(), "shop-concurrent-builds-"));
  let server: ReturnType<typeof serve>;
  beforeAll(async () => {
    server = serve({ fetch: createFullApp(() => ctx.deps).fetch, port: 0, hostname: "127.0.0.1" });
    await new Promise<void>((resolve) => server.once("listening", () => resolve()));
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    rmSync(scratch, { recursive: true, force: true });
  });

  it("both succeed, each with the whole site", { timeout: 300_000 }, async () => {
    const { port } = server.address() as AddressInfo;
    const build = (name: string) =>
      astroBuild({
        apiUrl: `http://127.0.0.1:${port}`,
        siteUrl: "http://shop.test",
        outDir: join(scratch, name),
        quiet: true,
      });
    const results = await Promise.allSettled([build("a"), build("b")]);
    expect(results.map((result) => (result.status === "rejected" ? String(result.reason) : "ok"))).toEqual([
      "ok",
      "ok",
    ]);
    const pages = (name: string) =>
      (readdirSync(join(scratch, name), { recursive: true }) as string[])
        .filter((f) => f.endsWith(".html"))
        .sort();
    expect(pages("a").length).toBeGreaterThan(5);
    expect(pages("b")).toEqual(pages("a"));
  });
});
