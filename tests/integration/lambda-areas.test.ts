import { describe, expect, it } from "vitest";
import { apiAreas } from "../../functions/main/areas";
import { createFullApp } from "../../functions/main/full-app";
import type { Deps } from "../../functions/platform/deps";

const noDeps = (): Deps => {
  throw new Error("not called: only the route tables are compared");
};
/** The area serving a path, as the router picks it: the longest mount that is the path or a parent of it. */
function areaOf(path: string): string | undefined {
  let best: { name: string; mount: string } | undefined;
  for (const area of apiAreas) {
    for (const mount of area.mounts) {
      const matches = path === mount || path.startsWith(`${mount}/`);
      if (matches && (!best || mount.length > best.mount.length)) best = { name: area.name, mount };
    }
  }
  return best?.name;
}

const routesOf = (app: { routes: { method: string; path: string }[] }) =>
  app.routes.filter((route) => route.method !== "ALL").map((route) => `${route.method} ${route.path}`);

describe("each Lambda serves exactly its area's routes", () => {
  const full = routesOf(createFullApp(noDeps));

  it.each(apiAreas.map((area) => [area.name] as const))("%s", async (name) => {
    const { app } = (await import(`../../functions/main/lambda/${name}.ts`)) as {
      app: Parameters<typeof routesOf>[0];
    };
    const expected = full.filter((route) => areaOf(route.split(" ")[1] ?? "") === name);
    expect(expected.length).toBeGreaterThan(0);
    expect(routesOf(app).sort()).toEqual(expected.sort());
  });

  it("together, the Lambdas serve every route of the API", async () => {
    const served = new Set<string>();
    for (const area of apiAreas) {
      const { app } = (await import(`../../functions/main/lambda/${area.name}.ts`)) as {
        app: Parameters<typeof routesOf>[0];
      };
      for (const route of routesOf(app)) served.add(route);
    }
    expect([...served].sort()).toEqual([...new Set(full)].sort());
  });
});
