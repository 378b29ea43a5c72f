/**
 * How the AWS Router tells the API who the visitor is, and that the request came through it. The edge key is a random
 * secret `sst deploy` gives to the Router's viewer-request function and to the API functions (infra/edge-key.ts): a
 * request carrying it passed through CloudFront, which wrote the visitor's address itself (its `event.viewer.ip`);
 * one without it is refused (functions/platform/app.ts, docs/decisions/031). Pure data, no imports: infra/ and the API
 * both read it.
 */
export const EDGE_KEY_VARIABLE = "SHOP_EDGE_KEY";
export const EDGE_KEY_HEADER = "x-shop-edge-key";
export const VIEWER_ADDRESS_HEADER = "x-shop-viewer-address";
