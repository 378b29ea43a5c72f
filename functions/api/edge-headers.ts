/**
 * How the AWS Router tells the API who the visitor is. The function URLs are public, so a header is believed only
 * when it comes with the edge key, a random secret `sst deploy` gives to the Router's viewer-request function and to
 * the API functions (infra/edge-key.ts): then the request passed through CloudFront, which wrote the visitor's
 * address itself (its `event.viewer.ip`). Pure data, no imports: infra/ and the API both read it.
 */
export const EDGE_KEY_VARIABLE = "SHOP_EDGE_KEY";
export const EDGE_KEY_HEADER = "x-shop-edge-key";
export const VIEWER_ADDRESS_HEADER = "x-shop-viewer-address";
