/**
 * How SST bundles the API's Lambdas, for api.ts and the bundle budget test. The Node.js runtimes ship the AWS SDK v3,
 * so it is left out (smaller bundles, faster cold starts; the price: the SDK version is the runtime's).
 */
export const lambdaExternal: string[] = ["@aws-sdk/*", "sharp"];

/** sharp's native binaries cannot be bundled: the photos function gets it installed for its own platform. */
export const lambdaInstalls: Partial<Record<string, string[]>> = { photos: ["sharp"] };

/**
 * `globalThis.API_DOCS_OMITTED` is `true` in the serving functions, so the minifier drops the contracts'
 * documentation, which only the docs function's OpenAPI document reads (src/domain/api-docs.d.ts).
 */
export const API_DOCS_OMITTED = "globalThis.API_DOCS_OMITTED";

export const docsArea = "docs";

export function lambdaEsbuild(area: string): { external: string[]; define: Record<string, string> } {
  return {
    external: lambdaExternal,
    define: { [API_DOCS_OMITTED]: area === docsArea ? "undefined" : "true" },
  };
}
