import { Hono } from "hono";
import { setCookie } from "hono/cookie";
import { describe, expect, it } from "vitest";
import type { Deps } from "../deps";
import type { AppEnv } from "../env";
import { publicCacheControl, publicRead, publicReadPolicies } from "./public-read";

const policy = { sMaxAge: 60, staleWhileRevalidate: 300 };

/** A public read over a counting handler: what the database would be asked, and a value that changes per read. */
function appWith(cacheMs: number | undefined, answer: (read: number) => Response | Promise<Response>) {
  const deps = { publicReadCacheMs: cacheMs } as Deps;
  let reads = 0;
  const app = new Hono<AppEnv>();
  app.use("*", async (c, next) => {
    c.set("deps", deps);
    await next();
  });
  app.get("/things/:id", publicRead(policy), async () => answer(++reads));
  return { app, reads: () => reads };
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

describe("publicRead's Cache-Control", () => {
  it("lets the CDN keep a 200 (s-maxage, stale-while-revalidate) and makes browsers ask again (max-age=0)", async () => {
    const { app } = appWith(undefined, (read) => json({ read }));
    const response = await app.request("/things/1");
    expect(response.headers.get("cache-control")).toBe(
      "public, max-age=0, s-maxage=60, stale-while-revalidate=300",
    );
  });

  it.each([400, 404, 500])("marks a %i no-store: an error is never kept", async (status) => {
    const { app } = appWith(1000, () => json({ error: "x" }, status));
    const response = await app.request("/things/1");
    expect(response.status).toBe(status);
    expect(response.headers.get("cache-control")).toBe("no-store");
  });

  it("marks an answer that sets a cookie no-store, and never keeps it", async () => {
    const app = new Hono<AppEnv>();
    let reads = 0;
    app.use("*", async (c, next) => {
      c.set("deps", { publicReadCacheMs: 1000 } as Deps);
      await next();
    });
    app.get("/things/:id", publicRead(policy), (c) => {
      setCookie(c, "tracker", String(++reads));
      return c.json({ reads });
    });
    const first = await app.request("/things/1");
    expect(first.headers.get("cache-control")).toBe("no-store");
    await app.request("/things/1");
    expect(reads).toBe(2);
  });

  it("gives the maintenance switch seconds, not minutes, at the CDN", () => {
    const { sMaxAge, staleWhileRevalidate } = publicReadPolicies.maintenance;
    expect(sMaxAge + staleWhileRevalidate).toBeLessThanOrEqual(10);
    expect(publicCacheControl(publicReadPolicies.maintenance)).toBe(
      "public, max-age=0, s-maxage=5, stale-while-revalidate=5",
    );
  });
});

describe("publicRead's in-process cache", () => {
  it("is off without deps.publicReadCacheMs: every request reads", async () => {
    const { app, reads } = appWith(undefined, (read) => json({ read }));
    await app.request("/things/1");
    await app.request("/things/1");
    expect(reads()).toBe(2);
  });

  it("answers the kept bytes within its lifetime, per path, without running the handler", async () => {
    const { app, reads } = appWith(60_000, (read) => json({ read }));
    expect(await (await app.request("/things/1")).json()).toEqual({ read: 1 });
    const again = await app.request("/things/1");
    expect(await again.json()).toEqual({ read: 1 });
    expect(again.headers.get("content-type")).toBe("application/json");
    expect(again.headers.get("cache-control")).toContain("s-maxage=60");
    expect(await (await app.request("/things/2")).json()).toEqual({ read: 2 });
    // The query is not part of the key, as at the CDN (the routes read none).
    expect(await (await app.request("/things/1?v=2")).json()).toEqual({ read: 1 });
    expect(reads()).toBe(2);
  });

  it("reads again once the lifetime has passed", async () => {
    const { app, reads } = appWith(20, (read) => json({ read }));
    await app.request("/things/1");
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(await (await app.request("/things/1")).json()).toEqual({ read: 2 });
    expect(reads()).toBe(2);
  });

  it.each([
    ["cache-control", "no-cache"],
    ["cache-control", "max-age=0, no-cache"],
    ["pragma", "no-cache"],
  ])("is bypassed by %s: %s (the site build's reads)", async (name, value) => {
    const { app, reads } = appWith(60_000, (read) => json({ read }));
    await app.request("/things/1");
    const fresh = await app.request("/things/1", { headers: { [name]: value } });
    expect(await fresh.json()).toEqual({ read: 2 });
    expect(fresh.headers.get("cache-control")).toContain("s-maxage=60");
    expect(reads()).toBe(2);
  });

  it("makes concurrent misses of one path share one read", async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const { app, reads } = appWith(60_000, async (read) => {
      await gate;
      return json({ read });
    });
    const answers = Array.from({ length: 5 }, () => app.request("/things/1"));
    await new Promise((resolve) => setTimeout(resolve, 10));
    release();
    const bodies = await Promise.all((await Promise.all(answers)).map((response) => response.json()));
    expect(bodies).toEqual(Array.from({ length: 5 }, () => ({ read: 1 })));
    expect(reads()).toBe(1);
  });

  it("does not keep a failed read: the requests that waited for it read for themselves", async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const { app, reads } = appWith(60_000, async (read) => {
      await gate;
      return read === 1 ? json({ error: "base indisponible" }, 500) : json({ read });
    });
    const first = app.request("/things/1");
    const second = app.request("/things/1");
    await new Promise((resolve) => setTimeout(resolve, 10));
    release();
    expect((await first).status).toBe(500);
    expect(await (await second).json()).toEqual({ read: 2 });
    expect(await (await app.request("/things/1")).json()).toEqual({ read: 2 });
    expect(reads()).toBe(2);
  });
});
