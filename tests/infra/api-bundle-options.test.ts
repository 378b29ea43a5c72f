/**
 * How `sst deploy` would bundle the API's functions (infra/api.ts, infra/lambda-bundle.ts): each serving function is
 * built without the contracts' documentation (esbuild's define of globalThis.API_DOCS_OMITTED, src/domain/api-docs.d.ts);
 * the docs function, which builds the OpenAPI document from it, keeps it. The bundle budget test builds with the same
 * options (tests/budgets/lambda-bundle.ts), and tests/budgets/api-docs-omitted.test.ts reads the bundles.
 */
import { rmSync } from "node:fs";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { apiAreas } from "../../functions/main/areas";
import { API_DOCS_OMITTED, lambdaEsbuild, lambdaExternal } from "../../infra/lambda-bundle";
import { devEnv, single } from "./recorded";
import { deepKnown, deploy, known, restoreSstStubs, sstWorkDir } from "./sst-stubs";

afterEach(restoreSstStubs);
afterAll(() => rmSync(sstWorkDir, { recursive: true, force: true }));

async function esbuildOptions(): Promise<Map<string, unknown>> {
  const deployment = await deploy("dev", devEnv);
  const options = new Map<string, unknown>();
  for (const area of apiAreas) {
    const handler = `functions/main/lambda/${area.name}.handler`;
    const fn = single(
      deployment.recording.functions.filter(({ args }) => known(args.handler) === handler),
      `function with handler ${handler}`,
    );
    options.set(area.name, (deepKnown(fn.args.nodejs) as { esbuild?: unknown } | undefined)?.esbuild);
  }
  return options;
}

describe("the API functions' esbuild options", () => {
  it("define API_DOCS_OMITTED true in every serving function, with the SDK left out", async () => {
    const options = await esbuildOptions();
    const serving = apiAreas.filter((area) => area.name !== "docs");
    expect(serving.length).toBeGreaterThan(0);
    for (const area of serving) {
      expect(options.get(area.name), area.name).toEqual({
        external: lambdaExternal,
        define: { "globalThis.API_DOCS_OMITTED": "true" },
      });
    }
  });

  it("leave it undefined in the docs function, which serves the documentation", async () => {
    const options = await esbuildOptions();
    expect(options.get("docs")).toEqual({
      external: lambdaExternal,
      define: { "globalThis.API_DOCS_OMITTED": "undefined" },
    });
  });

  it("are the ones the bundle budget test builds with", async () => {
    const options = await esbuildOptions();
    for (const area of apiAreas) expect(options.get(area.name), area.name).toEqual(lambdaEsbuild(area.name));
    expect(API_DOCS_OMITTED).toBe("globalThis.API_DOCS_OMITTED");
  });
});
