/**
 * Issue 18: the public reads (catalogue, one product, public settings, maintenance state) may be kept by the CDN and,
 * for a second, by the process; they never depend on a cookie nor set one. Every other API answer stays no-store.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { productEntity } from "../../functions/catalog/product-entity";
import { createFullApp } from "../../functions/main/full-app";
import { seedIfEmpty } from "../../functions/main/seed";
import { PUBLIC_READ_CACHE_MS, publicReadPolicies } from "../../functions/platform/middleware/public-read";
import { buildReadHeaders } from "../../src/lib/build-api";
import { createTestContext } from "../setup/test-db";
import { createCustomer } from "../support/customers";

// A first start's shop, seeded with the catalogue (seedIfEmpty seeds only an empty table).
const ctx = await createTestContext({ newShop: true });
const api = (path: string, init?: RequestInit) => ctx.app.request(path, init);

beforeAll(async () => {
  const { seeded } = await seedIfEmpty(ctx.deps, {
    adminEmail: "owner@example.fr",
    adminPassword: "secret-admin",
  });
  expect(seeded).toBe(true);
});

const publicReads = [
  ["/api/products", publicReadPolicies.catalogue],
  ["/api/products/1", publicReadPolicies.catalogue],
  ["/api/settings/shipping", publicReadPolicies.settings],
  ["/api/settings/company", publicReadPolicies.settings],
  ["/api/settings/checkout", publicReadPolicies.checkout],
  ["/api/settings/maintenance", publicReadPolicies.maintenance],
] as const;

describe("the public reads' Cache-Control", () => {
  it.each(publicReads)(
    "%s: the CDN keeps it (s-maxage, stale-while-revalidate), browsers ask again",
    async (path, policy) => {
      const response = await api(path);
      expect(response.status).toBe(200);
      expect(response.headers.get("cache-control")).toBe(
        `public, max-age=0, s-maxage=${policy.sMaxAge}, stale-while-revalidate=${policy.staleWhileRevalidate}`,
      );
    },
  );

  it("keeps no error: an unknown product (404) and an invalid id (400) are no-store", async () => {
    const unknown = await api("/api/products/9999");
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get("cache-control")).toBe("no-store");
    const invalid = await api("/api/products/abc");
    expect(invalid.status).toBe(400);
    expect(invalid.headers.get("cache-control")).toBe("no-store");
  });

  it("leaves every other API answer no-store", async () => {
    for (const path of ["/api/auth/me", "/api/nope", "/api/admin/check", "/api/user/profile"]) {
      expect((await api(path)).headers.get("cache-control"), path).toBe("no-store");
    }
  });

  it.each(publicReads)("%s: the same answer with or without a session, and no cookie set", async (path) => {
    const customer = await createCustomer(ctx.deps, ctx.app);
    const anonymous = await api(path);
    const signedIn = await api(path, { headers: { cookie: `session=${customer.token}; signed_in=1` } });
    expect(anonymous.headers.get("set-cookie")).toBeNull();
    expect(signedIn.headers.get("set-cookie")).toBeNull();
    expect(signedIn.headers.get("cache-control")).toBe(anonymous.headers.get("cache-control"));
    expect(await signedIn.text()).toBe(await anonymous.text());
  });
});

describe("the public reads kept in the process (deps.publicReadCacheMs)", () => {
  // The same database as an app serving with the cache on (as the Lambdas and `npm start` do), with a long lifetime
  // so the test never depends on the machine's speed.
  const cachedDeps = { ...ctx.deps, publicReadCacheMs: 60_000 };
  const cached = createFullApp(() => cachedDeps);
  const name = async (response: Response) => ((await response.json()) as { name: string }).name;

  it("is on at one second on AWS and under npm start", () => {
    expect(PUBLIC_READ_CACHE_MS).toBeGreaterThan(0);
    expect(PUBLIC_READ_CACHE_MS).toBeLessThanOrEqual(1000);
  });

  it("answers the kept product until it expires, but the site build's reads get the database's", async () => {
    const before = await name(await cached.request("/api/products/3"));
    await productEntity(ctx.db).patch({ id: 3 }).set({ name: "Savon renommé" }).go();
    try {
      expect(await name(await cached.request("/api/products/3"))).toBe(before);
      expect(await name(await cached.request("/api/products/3", { headers: buildReadHeaders }))).toBe(
        "Savon renommé",
      );
      // Without the cache (tests, scripts): always the database's.
      expect(await name(await api("/api/products/3"))).toBe("Savon renommé");
    } finally {
      await productEntity(ctx.db).patch({ id: 3 }).set({ name: before }).go();
    }
  });
});
