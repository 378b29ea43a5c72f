/**
 * The edge key: a random secret, made once per stage and kept across deploys, that the Router's viewer-request
 * function adds to every API request with the visitor's address (edge.ts), and that the API functions compare
 * (functions/platform/middleware/client-ip.ts). A caller of the function URLs around CloudFront does not have it: the
 * functions refuse the request (functions/platform/app.ts, docs/decisions/031), and only addresses CloudFront wrote count
 * for the per-address limits (docs/decisions/011-abuse-limits.md).
 */
export const edgeKey = new random.RandomPassword("EdgeKey", { length: 48, special: false });
