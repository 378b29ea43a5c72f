import { readdirSync } from "node:fs";
import { join } from "node:path";
import { EDGE_KEY_HEADER, VIEWER_ADDRESS_HEADER } from "../functions/platform/edge-headers";
import {
  ANALYTICS_CONSENT_COOKIE,
  ANALYTICS_CONSENT_GRANTED,
  contentSecurityPolicy,
  staticSecurityHeaders,
} from "../src/domain/site/security-headers";
import { METHOD_NOT_ALLOWED_PAGE, methodNotAllowedHeaders } from "../src/domain/site/site-methods";

/**
 * Which page the Router serves for a site path, decided in its *viewer-request* function, before SST's own routing
 * (its code runs after the project's injection in the same function, tests/edge/sst-platform.ts) and before the cache.
 *
 * Why there: on a missing page S3 answers 403 (CloudFront may not list the bucket), and CloudFront does not run
 * viewer-response functions when the origin answers 400 or more (AWS, "Restrictions on all edge functions"): an answer
 * can no longer be repaired once S3 gave it, so the request must already ask for a page that exists. The Router's
 * distribution has no custom error pages either (they would also swallow the API's JSON 403/404). As
 * functions/platform/static-site.ts does under `npm start`:
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
 * to serve: the uri itself, a shell or the 404 page. Written compact: as SST writes it, its own code leaves about
 * 1.3 KB of the request function's 10 KB; the deploy uploads the function minified (cloudfront-function-code.ts), and
 * tests/edge/rehearsal.test.ts keeps 1 KB of that free.
 *
 * It also gives the right answer for a uri SST already rewrote (`/faq/index.html`, `/orders/track/index.html`,
 * `/404.html`): AWS's documentation does not say whether viewer-response sees the viewer's request or the one
 * viewer-request left, so the response function decides again from whichever it gets (docs/decisions/028).
 */
export const shopPageFunction = `async function shopPage(u){if(/^\\/(api|media)(\\/|$)/.test(u)||/\\.(?!html$)[^/]*$/.test(u))return null;const p=u.replace(/\\/index\\.html$|\\/$/,"")||"/";if(/^\\/orders\\/track\\/[^/]+$/.test(p))return"${trackingShellPath}";try{await cf.kvs().get("${PAGE_KEY_PREFIX}"+p);return u}catch(e){return/^\\/product\\/[^/]+$/.test(p)?"${productShellPath}":"${notFoundPagePath}"}}`;

/**
 * Where the 405 answer lives in the Router's KeyValueStore: this key holds the number of parts, `shop:405:<i>` the
 * parts of the answer's JSON (the CloudFront Functions response object) in order. See methodNotAllowedKeys.
 */
export const METHOD_NOT_ALLOWED_KEY = "shop:405";
/** A KeyValueStore value is at most 1024 characters ("File format for key-value pairs"); the parts stay under. */
export const KV_VALUE_PART = 1000;

/**
 * The Router's answer to any method but GET and HEAD on a site path, as `npm start` gives it
 * (functions/platform/static-site.ts `methodNotAllowed`, both from src/domain/site/site-methods.ts): 405, `Allow: GET, HEAD`,
 * the 405 page, and every header a page carries (its Content-Security-Policy and the response-headers policy's).
 *
 * It is a response the viewer-request function generates, and such a response goes "directly to the viewer" "without
 * any further processing by CloudFront" (AWS, "Determine function purpose", "Generate an HTTP response in a viewer
 * request event type"): neither the viewer-response function (which sets the pages' CSP) nor, by the documented
 * reading, the response-headers policy ("the responses that it serves from the cache and the ones that it forwards
 * from the origin", "Add or remove HTTP headers in CloudFront responses with a policy") touch it. So it carries every
 * header itself (docs/decisions/034).
 *
 * It is kept in the KeyValueStore, not in the function: the request function has 10 KB in all, SST's code takes
 * about 8.9 KB of them as SST writes it (6 KB once minified at deploy), and this answer is about 1.9 KB (the policy alone is about 930 characters). The JSON is written
 * in ASCII (\u escapes) so that a part's characters are its bytes, cut in parts of KV_VALUE_PART.
 */
export function methodNotAllowedKeys({
  scriptHashes,
}: {
  scriptHashes: readonly string[];
}): [string, string][] {
  const headers = methodNotAllowedHeaders({
    ...staticSecurityHeaders({ https: true }),
    "content-security-policy": contentSecurityPolicy({
      scriptHashes,
      payment: false,
      analytics: false,
      https: true,
    }),
  });
  const answer = JSON.stringify({
    statusCode: 405,
    statusDescription: "Method Not Allowed",
    headers: Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, { value }])),
    body: { encoding: "text", data: METHOD_NOT_ALLOWED_PAGE },
  }).replace(/[\u007f-\uffff]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`);
  const parts: string[] = [];
  for (let at = 0; at < answer.length; at += KV_VALUE_PART) parts.push(answer.slice(at, at + KV_VALUE_PART));
  return [
    [METHOD_NOT_ALLOWED_KEY, String(parts.length)],
    ...parts.map((part, index): [string, string] => [`${METHOD_NOT_ALLOWED_KEY}:${index}`, part]),
  ];
}

/**
 * The viewer-request part, in one block (its names stay out of SST's code that follows):
 * - any method but GET and HEAD on a site path (not /api, which takes POST, DELETE, OPTIONS...) is answered 405 from
 *   the store's parts; were they missing, the request goes on as before (S3 then refuses it);
 * - the page to serve replaces the uri (SST then routes it to S3 as any page);
 * - the visitor's analytics consent is carried to viewer-response (SST deletes the cookies of S3 requests);
 * - every API request carries the visitor's address as CloudFront saw it and the edge key (edge-key.ts), which is what
 *   makes the API believe the address; a value the client sent under either name is replaced, and site requests
 *   carry neither (S3 needs no secret).
 * Written compact: the request function must stay under CloudFront Functions' 10 KB with SST's code; it is uploaded
 * minified (cloudfront-function-code.ts) and tests/edge/rehearsal.test.ts keeps 1 KB of the minified function free.
 */
export function viewerRequestInjection({
  edgeKey,
  analytics,
}: {
  edgeKey: string;
  analytics: boolean;
}): string {
  const k = METHOD_NOT_ALLOWED_KEY;
  const consent = analytics
    ? `delete h["${CONSENT_HEADER}"];if(((r.cookies||{})["${ANALYTICS_CONSENT_COOKIE}"]||{}).value==="${ANALYTICS_CONSENT_GRANTED}")h["${CONSENT_HEADER}"]={value:"1"};`
    : "";
  return (
    `${shopPageFunction}{const r=event.request,h=r.headers,a=/^\\/api(\\/|$)/.test(r.uri),g=cf.kvs();` +
    `if(!a&&!/^(GET|HEAD)$/.test(r.method))try{const n=+await g.get("${k}"),p=[];for(let i=0;i<n;)p.push(g.get("${k}:"+i++));return JSON.parse((await Promise.all(p)).join(""))}catch(e){}` +
    `const s=await shopPage(r.uri);if(s)r.uri=s;${consent}` +
    `delete h["${EDGE_KEY_HEADER}"];delete h["${VIEWER_ADDRESS_HEADER}"];` +
    `if(a){h["${VIEWER_ADDRESS_HEADER}"]={value:event.viewer.ip};h["${EDGE_KEY_HEADER}"]={value:${JSON.stringify(edgeKey)}}}}`
  );
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
 * their own headers), chosen per request as the local server chooses it (functions/platform/static-site.ts): PayPal on
 * the payment pages, Google's measurement only when the deploy has a measurement id and the request carries the
 * visitor's acceptance cookie. The policies are written out in full at deploy time from src/domain/site/security-headers.ts
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
 * Both injections of the Router, as infra/web.ts declares them (and tests/edge/ rehearses them): viewer-request
 * answers 405 to a site path's other methods, routes the site's pages then marks API requests with the visitor's
 * address; viewer-response answers the 404 page with 404, then sets each page's Content-Security-Policy. Both read
 * the Router's KeyValueStore.
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
    viewerRequest: viewerRequestInjection({ edgeKey, analytics }),
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
