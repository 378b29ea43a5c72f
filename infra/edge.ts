import { readdirSync } from "node:fs";
import { join } from "node:path";
import { EDGE_KEY_HEADER, VIEWER_ADDRESS_HEADER } from "../functions/api/edge-headers";
import {
  ANALYTICS_CONSENT_COOKIE,
  ANALYTICS_CONSENT_GRANTED,
  contentSecurityPolicy,
} from "../src/domain/security-headers";

/**
 * Which page the Router serves for a site path, decided in its *viewer-request* function, before SST's own routing
 * (its code runs after the project's injection in the same function, tests/edge/sst-platform.ts) and before the cache.
 *
 * Why there: on a missing page S3 answers 403 (CloudFront may not list the bucket), and CloudFront does not run
 * viewer-response functions when the origin answers 400 or more (AWS, "Restrictions on all edge functions"): an answer
 * can no longer be repaired once S3 gave it, so the request must already ask for a page that exists. The Router's
 * distribution has no custom error pages either (they would also swallow the API's JSON 403/404). As
 * functions/api/static-site.ts does under `npm start`:
 * - `/orders/track/{orderId}` -> the tracking shell `/orders/track/` (order ids are never prebuilt);
 * - `/product/{id}` without a prebuilt page -> the product shell `/product/` (it reads the id from the address);
 * - any other path that is no page of the build -> `/404.html`, which the viewer-response function answers with 404;
 * - files (a last segment with an extension other than .html), the API and the photos are left to SST's routing.
 * The address in the browser never changes: no redirect.
 *
 * Which pages exist is read from the Router's KeyValueStore (a function cannot read S3): one key per page,
 * `shop:page:<path>` (`/`, `/faq`, `/product/12`...). The deploy writes the keys of the pages `src/pages` declares
 * (infra/web.ts); each publish writes the product pages it built and deletes those it no longer builds, before the
 * files themselves are deleted (infra/publish-build.ts). A missing key is a thrown error (cf.kvs().get).
 */

/** Where the shell of product pages lives (Astro builds `src/pages/product/index.astro` there). */
export const productShellPath = "/product/";
/** Where the shell of the tracking page lives (`src/pages/orders/track/index.astro`). */
export const trackingShellPath = "/orders/track/";
/** The site's not-found page, built by Astro from `src/pages/404.astro`. */
export const notFoundPagePath = "/404.html";
/** The KeyValueStore key of a page of the build: this prefix and the page's path without a trailing slash. */
export const PAGE_KEY_PREFIX = "shop:page:";
/** The product pages' paths (`/product/12`): the part of the page keys each publish keeps in step. */
export const PRODUCT_PAGE_PATH = "/product/";
/** What viewer-request tells viewer-response: the visitor accepted the measurement (SST removes S3 requests' cookies). */
export const CONSENT_HEADER = "x-shop-analytics-consent";

export function pageKey(path: string): string {
  return PAGE_KEY_PREFIX + path;
}

/**
 * `shopPage(uri)`, shared by both functions: null for what is not a page (the API, the photos, files), else the path
 * to serve: the uri itself, a shell or the 404 page. Written compact: SST's own code leaves about 1.3 KB of the
 * request function's 10 KB (tests/edge/rehearsal.test.ts measures the real function).
 *
 * It also gives the right answer for a uri SST already rewrote (`/faq/index.html`, `/orders/track/index.html`,
 * `/404.html`): AWS's documentation does not say whether viewer-response sees the viewer's request or the one
 * viewer-request left, so the response function decides again from whichever it gets (docs/decisions/028).
 */
export const shopPageFunction = `async function shopPage(u){if(/^\\/(api|media)(\\/|$)/.test(u)||/\\.(?!html$)[^/]*$/.test(u))return null;const p=u.replace(/\\/index\\.html$|\\/$/,"")||"/";if(/^\\/orders\\/track\\/[^/]+$/.test(p))return"${trackingShellPath}";try{await cf.kvs().get("${PAGE_KEY_PREFIX}"+p);return u}catch(e){return/^\\/product\\/[^/]+$/.test(p)?"${productShellPath}":"${notFoundPagePath}"}}`;

/** The viewer-request part: the page to serve replaces the uri (SST then routes it to S3 as any page). */
export function siteRoutingInjection({ analytics }: { analytics: boolean }): string {
  const consent = analytics
    ? `delete event.request.headers["${CONSENT_HEADER}"];if(((event.request.cookies||{})["${ANALYTICS_CONSENT_COOKIE}"]||{}).value==="${ANALYTICS_CONSENT_GRANTED}")event.request.headers["${CONSENT_HEADER}"]={value:"1"};`
    : "";
  return `${shopPageFunction}{const s=await shopPage(event.request.uri);if(s)event.request.uri=s}${consent}`;
}

/** The viewer-response part: the 404 page, served by S3 with 200, is answered with 404. */
export const siteErrorResponseInjection = `
${shopPageFunction}
if (await shopPage(event.request.uri) === "${notFoundPagePath}") {
  event.response.statusCode = 404;
  event.response.statusDescription = "Not Found";
}
`;

/**
 * Code added to the same viewer-response function: the Content-Security-Policy of every site page (API answers keep
 * their own headers), chosen per request as the local server chooses it (functions/api/static-site.ts): PayPal on
 * the payment pages, Google's measurement only when the deploy has a measurement id and the request carries the
 * visitor's acceptance cookie. The policies are written out in full at deploy time from src/domain/security-headers.ts
 * and the inline scripts' hashes; the headers that never vary are a response-headers policy (infra/web.ts).
 */
export function siteSecurityInjection({
  scriptHashes,
  analytics,
}: {
  scriptHashes: readonly string[];
  analytics: boolean;
}): string {
  const policy = (payment: boolean, consented: boolean) =>
    JSON.stringify(contentSecurityPolicy({ scriptHashes, payment, analytics: consented, https: true }));
  // The cookie when viewer-response sees the viewer's request, the header viewer-request wrote when it sees that one
  // (SST deletes the cookies of requests it sends to S3). A visitor who forges the header only loosens their own page.
  const consent = analytics
    ? `((event.request.cookies || {})["${ANALYTICS_CONSENT_COOKIE}"] || {}).value === "${ANALYTICS_CONSENT_GRANTED}" || (event.request.headers["${CONSENT_HEADER}"] || {}).value === "1"`
    : "false";
  return `
if (!/^\\/api(\\/|$)/.test(event.request.uri)) {
  const shopType = event.response.headers["content-type"];
  if (!shopType || /^text\\/html/i.test(shopType.value)) {
    const shopPayment = /^\\/payment(\\/|$)/i.test(event.request.uri);
    const shopConsent = ${consent};
    event.response.headers["content-security-policy"] = {
      value: shopPayment
        ? shopConsent ? ${policy(true, true)} : ${policy(true, false)}
        : shopConsent ? ${policy(false, true)} : ${policy(false, false)},
    };
  }
}
`;
}

/**
 * Code of the Router's viewer-request function: every API request carries the visitor's address as
 * CloudFront saw it and the edge key (edge-key.ts), which is what makes the API believe the address; a value the
 * client sent under either name is replaced, and site requests carry neither (S3 needs no secret).
 */
export function viewerAddressInjection(edgeKey: string): string {
  return `
delete event.request.headers["${EDGE_KEY_HEADER}"];
delete event.request.headers["${VIEWER_ADDRESS_HEADER}"];
if (/^\\/api(\\/|$)/.test(event.request.uri)) {
  event.request.headers["${VIEWER_ADDRESS_HEADER}"] = { value: event.viewer.ip };
  event.request.headers["${EDGE_KEY_HEADER}"] = { value: ${JSON.stringify(edgeKey)} };
}
`;
}

/**
 * Both injections of the Router, as infra/web.ts declares them (and tests/edge/ rehearses them): viewer-request
 * routes the site's pages then marks API requests with the visitor's address; viewer-response answers the 404 page
 * with 404, then sets each page's Content-Security-Policy. Both read the Router's KeyValueStore.
 */
export function routerInjections({
  edgeKey,
  scriptHashes,
  analytics,
}: {
  edgeKey: string;
  scriptHashes: readonly string[];
  analytics: boolean;
}): { viewerRequest: string; viewerResponse: string } {
  return {
    viewerRequest: siteRoutingInjection({ analytics }) + viewerAddressInjection(edgeKey),
    viewerResponse: siteErrorResponseInjection + siteSecurityInjection({ scriptHashes, analytics }),
  };
}

/**
 * The pages `src/pages` declares, as their page keys' paths (Astro's `build.format: "directory"`: `faq.astro` and
 * `faq/index.astro` are both `/faq/index.html`, served at `/faq`): every page but the dynamic ones (`[id].astro`,
 * whose pages the publishes list) and the 404 page (served through the rewrite, answered 404). Endpoints (`.ts`)
 * build files with an extension, which the edge leaves to S3.
 */
export function sitePagePaths(pagesDir: string): string[] {
  const paths: string[] = [];
  const visit = (dir: string, prefix: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.name.includes("[")) continue;
      if (entry.isDirectory()) {
        visit(join(dir, entry.name), `${prefix}/${entry.name}`);
        continue;
      }
      const page = /^(.+)\.(astro|md|mdx|html)$/.exec(entry.name)?.[1];
      if (!page || (prefix === "" && page === "404")) continue;
      paths.push(page === "index" ? prefix || "/" : `${prefix}/${page}`);
    }
  };
  visit(pagesDir, "");
  return [...new Set(paths)].sort();
}
