/**
 * functions/main/generated/ is derived from the features (scripts/api-modules.ts): a route module declares its mount
 * and area where it is made, a contract is any `*contract.ts` export. These tests fail while the derivation is stale,
 * and show that a feature's own files are all a new route module needs.
 */
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { areaMounts } from "../../functions/main/areas";
import { routeModules } from "../../functions/main/modules";
import type { AppEnv } from "../../functions/platform/env";
import { routesAt, servedAtOf } from "../../functions/platform/mount";
import { contracts, routeModules as declaredModules, staleFiles } from "../../scripts/api-modules";

describe("functions/main/generated/", () => {
  it("is what the features declare today (else: npm run api:modules)", { timeout: 60_000 }, async () => {
    expect(await staleFiles()).toEqual([]);
  });

  it("serves every route module declared with an area, each in its area, once", {
    timeout: 60_000,
  }, async () => {
    const declared = await declaredModules();
    expect(declared.length).toBeGreaterThan(20);
    expect(Object.keys(routeModules).sort()).toEqual(declared.map((module) => module.mount).sort());
    for (const module of declared) expect(areaMounts(module.area as never)).toContain(module.mount);
  });

  it("documents every contract of a feature", { timeout: 60_000 }, async () => {
    const names = (await contracts()).map((contract) => contract.name);
    expect(names).toContain("ordersContract");
    expect(names).toContain("adminPublishingContract");
    expect(new Set(names).size).toBe(names.length);
  });
});

describe("routesAt", () => {
  it("records where a module is served, or refuses a module mounted outside the one it says it is within", () => {
    const routes = routesAt({ mount: "/api/example", area: "orders" }, new Hono<AppEnv>());
    expect(servedAtOf(routes)).toEqual({ mount: "/api/example", area: "orders" });
    expect(() => routesAt({ mount: "/api/other/x", within: "/api/admin" }, new Hono<AppEnv>())).toThrow(
      "not below the module /api/admin",
    );
  });
});
