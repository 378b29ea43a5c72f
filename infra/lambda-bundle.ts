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
