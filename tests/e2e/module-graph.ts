/**
 * What a page's scripts weigh and hold, read over HTTP from the shop under test: module scripts and everything they
 * import statically (tests/perf/page-weight.ts walks the graph). Shared by the performance and framework-free specs.
 */
import { moduleGraph as graphOf, type LoadFile } from "../perf/page-weight";
import { type APIRequestContext, expect, type Page } from "./fixtures";

export { staticImports } from "../perf/page-weight";

/** Reads a file of the shop under test, which must be there. */
export function loadOver(request: APIRequestContext): LoadFile {
  return async (url) => {
    const response = await request.get(url);
    expect(response.status(), url).toBe(200);
    return await response.body();
  };
}

/** The modules at `entries` and every module they import statically, with their bodies. */
export async function moduleGraph(
  request: APIRequestContext,
  entries: string[],
): Promise<Map<string, Buffer>> {
  return await graphOf(loadOver(request), entries);
}

/** The scripts of the shop's origin the browser has loaded on `page` so far. */
export async function loadedScripts(page: Page): Promise<string[]> {
  return await page.evaluate(() =>
    performance
      .getEntriesByType("resource")
      .map((entry) => entry.name)
      .filter((name) => new URL(name).pathname.endsWith(".js") && new URL(name).origin === location.origin),
  );
}
