/**
 * A request carrying the edge key (a secret given to the Router and the API functions) came through CloudFront,
 * which wrote the visitor's address itself. Pure data: infra/ reads it too.
 */
export const EDGE_KEY_VARIABLE = "SHOP_EDGE_KEY";
export const EDGE_KEY_HEADER = "x-shop-edge-key";
export const VIEWER_ADDRESS_HEADER = "x-shop-viewer-address";
