import { EDGE_KEY_HEADER, VIEWER_ADDRESS_HEADER } from "../functions/api/edge-headers";
import {
  ANALYTICS_CONSENT_COOKIE,
  ANALYTICS_CONSENT_GRANTED,
  contentSecurityPolicy,
} from "../src/domain/security-headers";

/**
 * Code SST injects into the Router's CloudFront viewer-response function, for the pages the static build did not
 * produce. Pure strings, no SST globals, so `tests/infra` can run the code on sample events.
 *
 * Why at viewer-response: behind a Router, SST 4 serves a missing page under a folder of the site (`/product/42`
 * when only `/product/41/` was built) straight from S3, which answers 403 (CloudFront may not list the bucket), and
 * the Router's distribution has no custom error pages (they would also swallow the API's JSON 403/404). A CloudFront
 * Function cannot read S3, so it cannot serve the shell under the asked URL; it can only turn that error into a
 * redirect, which every viewer follows:
 * - `/product/{id}` with no prebuilt page -> 302 to `/product/?id={id}`, the client-rendered shell
 *   (`dist/product/index.html`), which reads the id from `?id=` and may restore `/product/{id}` with
 *   `history.replaceState`;
 * - `/orders/track/{orderId}` -> 302 to `/orders/track/?id={orderId}`, the tracking shell (order ids are never
 *   prebuilt);
 * - any other missing site page -> 302 to `/404.html`, which is then answered with status 404.
 * API paths are never touched: their errors are the API's own.
 */

/** Where the shell of product pages lives (Astro builds `src/pages/product/index.astro` there). */
export const productShellPath = "/product/";
/** Where the shell of the tracking page lives (`src/pages/orders/track/index.astro`). */
export const trackingShellPath = "/orders/track/";
/** The site's not-found page, built by Astro from `src/pages/404.astro`. */
export const notFoundPagePath = "/404.html";

export const siteErrorResponseInjection = `
const shopUri = event.request.uri;
const shopStatus = event.response.statusCode;
if (!/^\\/api(\\/|$)/.test(shopUri)) {
  if ((shopStatus === 403 || shopStatus === 404) && shopUri !== "${notFoundPagePath}") {
    const shopProduct = shopUri.match(/^\\/product\\/([0-9]{1,12})(\\/|\\/index\\.html|\\.html)?$/);
    const shopTracking = shopUri.match(/^\\/orders\\/track\\/([0-9A-Za-z]{1,40})\\/?$/);
    event.response.statusCode = 302;
    event.response.statusDescription = "Found";
    event.response.headers["location"] = {
      value: shopProduct
        ? "${productShellPath}?id=" + shopProduct[1]
        : shopTracking
          ? "${trackingShellPath}?id=" + shopTracking[1]
          : "${notFoundPagePath}",
    };
    event.response.headers["cache-control"] = { value: "no-store" };
    return event.response;
  }
  if (shopUri === "${notFoundPagePath}" && (shopStatus === 200 || shopStatus === 403 || shopStatus === 404)) {
    // Also when 404.html itself is missing (403 from S3): never redirect to it in a loop.
    event.response.statusCode = 404;
    event.response.statusDescription = "Not Found";
  }
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
  const consent = analytics
    ? `((event.request.cookies || {})["${ANALYTICS_CONSENT_COOKIE}"] || {}).value === "${ANALYTICS_CONSENT_GRANTED}"`
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
 * Code SST injects into the Router's viewer-request function: every API request carries the visitor's address as
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
