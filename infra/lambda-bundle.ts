/**
 * How SST bundles the API's Lambdas, shared by `api.ts` and the bundle budget test (pure data, no SST globals).
 * SST's esbuild step bundles every dependency unless told otherwise; the Node.js Lambda runtimes ship the AWS SDK v3
 * (clients and lib-dynamodb included), so it is left out: smaller bundles, faster cold starts. The price: the SDK
 * version in AWS is the runtime's, not the lockfile's. ElectroDB, Hono and zod are bundled.
 */
export const lambdaExternal: string[] = ["@aws-sdk/*"];
