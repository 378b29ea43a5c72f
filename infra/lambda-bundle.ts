/**
 * How SST bundles the API's Lambdas, shared by `api.ts` and the bundle budget test (pure data, no SST globals).
 * SST's esbuild step bundles every dependency unless told otherwise; the Node.js Lambda runtimes ship the AWS SDK v3
 * (clients and lib-dynamodb included), so it is left out: smaller bundles, faster cold starts. The price: the SDK
 * version in AWS is the runtime's, not the lockfile's. ElectroDB, Hono and zod are bundled.
 */
export const lambdaExternal: string[] = ["@aws-sdk/*", "sharp"];

/**
 * sharp (libvips, native binaries per platform) cannot be bundled: the photos function gets it installed for its
 * own platform (infra/api.ts, `nodejs.install`); no other function loads it (product-photos.ts imports it lazily).
 */
export const lambdaInstalls: Partial<Record<string, string[]>> = { photos: ["sharp"] };

/**
 * esbuild's `define` of the API's functions (src/domain/api-docs.d.ts): `globalThis.API_DOCS_OMITTED` is `true` in the
 * serving functions, so the minifier drops the contracts' documentation (tags, summaries, answers and the answer
 * schemas nothing else uses), which only the OpenAPI document reads; `undefined` in the docs function, which builds
 * that document, as it is everywhere else. SST 4 hands `nodejs.esbuild.define` to esbuild (its EsbuildOptions:
 * target, sourcemap, keepNames, define, banner, external, inject, nodePaths, mainFields, conditions).
 */
export const API_DOCS_OMITTED = "globalThis.API_DOCS_OMITTED";

/** The API area that serves the OpenAPI document (functions/main/lambda/docs.ts). */
export const docsArea = "docs";

/** `nodejs.esbuild` of an API area's function, for infra/api.ts and the bundle budget test alike. */
export function lambdaEsbuild(area: string): { external: string[]; define: Record<string, string> } {
  return {
    external: lambdaExternal,
    define: { [API_DOCS_OMITTED]: area === docsArea ? "undefined" : "true" },
  };
}
