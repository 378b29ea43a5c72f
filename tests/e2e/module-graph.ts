/**
 * What a page's scripts weigh and hold, read from the build: module scripts and everything they import statically
 * (imports made only on interaction, `import()`, are not followed). Shared by the performance and framework-free specs.
 */
import { init, parse } from "es-module-lexer";
import { type APIRequestContext, expect, type Page } from "./fixtures";

/** The specifiers a module imports statically (`import … from "x"`, `import "x"`, `export … from "x"`). */
export function staticImports(code: string): string[] {
  const [imports] = parse(code);
  return imports.flatMap((entry) => (entry.d === -1 && entry.n ? [entry.n] : []));
}

/** The modules at `entries` and every module they import statically, with their bodies. */
export async function moduleGraph(
  request: APIRequestContext,
  entries: string[],
): Promise<Map<string, Buffer>> {
  await init;
  const queue = [...entries];
  const scripts = new Map<string, Buffer>();
  while (queue.length > 0) {
    const url = queue.shift() as string;
    if (scripts.has(url)) continue;
    const response = await request.get(url);
    expect(response.status(), url).toBe(200);
    const body = await response.body();
    scripts.set(url, body);
    for (const specifier of staticImports(body.toString("utf8"))) queue.push(new URL(specifier, url).href);
  }
  return scripts;
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
