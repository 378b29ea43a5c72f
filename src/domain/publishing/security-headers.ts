/**
 * The security headers of the shop's pages, one source for both hosts: the local server (functions/platform/static-site.ts)
 * and the CloudFront Router in AWS (infra/edge.ts writes these values into its viewer-response function; infra/web.ts
 * declares the headers that never vary as a response-headers policy). Pure: the inline scripts' hashes are given
 * (src/scripts/inline/hashes.ts computes them from the sources; the build refuses a page with any other inline
 * script). Why each directive: docs/decisions/013-content-security-policy.md.
 */

/** Where browsers post what the policy blocked (report-uri: sent at once, by every browser that enforces CSP). */
export const CSP_REPORT_PATH = "/api/csp-reports";

/**
 * PayPal's JavaScript SDK, allowed on the payment pages only (PayPal's CSP guide for the JS SDK: script, frames,
 * connections and images on *.paypal.com and *.paypalobjects.com). PCI DSS SAQ A: the page that hosts PayPal's script
 * lists every script it may run, and this list is that inventory.
 */
export const PAYPAL_SOURCES = [
  "https://www.paypal.com",
  "https://*.paypal.com",
  "https://*.paypalobjects.com",
];

/** Google Analytics 4 (gtag.js), allowed only once the visitor accepted the measurement (see ANALYTICS_CONSENT_COOKIE). */
export const ANALYTICS_SCRIPT_SOURCES = ["https://www.googletagmanager.com"];
export const ANALYTICS_CONNECT_SOURCES = [
  "https://www.googletagmanager.com",
  "https://*.google-analytics.com",
  "https://*.analytics.google.com",
];

/**
 * The cookie that tells the server the visitor accepted the measurement: the choice itself stays in localStorage
 * (src/domain/legal/consent.ts); this copy only lets the page's policy allow Google's script. Strictly necessary (it records
 * a consent choice), first-party, no identifier.
 */
export const ANALYTICS_CONSENT_COOKIE = "analytics_consent";
export const ANALYTICS_CONSENT_GRANTED = "granted";

/** The checkout: /payment and the spec's capitalised /Payment/…, the only pages that load PayPal's script. */
export function isPaymentPath(path: string): boolean {
  return /^\/payment(\/|$)/i.test(path);
}

/** True when the request's Cookie header says the visitor accepted the measurement. */
export function hasAnalyticsConsent(cookieHeader: string | null | undefined): boolean {
  if (!cookieHeader) return false;
  return cookieHeader
    .split(";")
    .some((pair) => pair.trim() === `${ANALYTICS_CONSENT_COOKIE}=${ANALYTICS_CONSENT_GRANTED}`);
}

export interface PolicyOptions {
  /** 'sha256-…' sources of every inline script the pages may carry. */
  scriptHashes: readonly string[];
  /** A payment page: PayPal's script, frames and calls. */
  payment: boolean;
  /** The build has a measurement id and the visitor accepted it: Google's script and calls. */
  analytics: boolean;
  /** Served over HTTPS (AWS): ask the browser to upgrade any http:// sub-resource. */
  https: boolean;
}

/**
 * The Content-Security-Policy of a page. Scripts: the site's own files and the listed inline scripts, never
 * 'unsafe-inline' nor 'unsafe-eval'. Styles keep 'unsafe-inline' (Astro's scoped styles and React's style
 * attributes; a style cannot run code). Images may come from any https host: a product's picture may be an
 * absolute URL the owner entered.
 */
export function contentSecurityPolicy({ scriptHashes, payment, analytics, https }: PolicyOptions): string {
  const hashes = scriptHashes.map((hash) => `'${hash}'`);
  const paypal = payment ? PAYPAL_SOURCES : [];
  const directives: [string, string[]][] = [
    ["default-src", ["'self'"]],
    ["script-src", ["'self'", ...hashes, ...paypal, ...(analytics ? ANALYTICS_SCRIPT_SOURCES : [])]],
    ["style-src", ["'self'", "'unsafe-inline'"]],
    ["img-src", ["'self'", "data:", "blob:", "https:"]],
    ["font-src", ["'self'"]],
    ["connect-src", ["'self'", ...paypal, ...(analytics ? ANALYTICS_CONNECT_SOURCES : [])]],
    ["frame-src", payment ? paypal : ["'none'"]],
    ["worker-src", ["'self'"]],
    ["manifest-src", ["'self'"]],
    ["object-src", ["'none'"]],
    ["base-uri", ["'none'"]],
    ["form-action", ["'self'"]],
    ["frame-ancestors", ["'none'"]],
  ];
  const policy = directives.map(([name, sources]) => `${name} ${sources.join(" ")}`);
  if (https) policy.push("upgrade-insecure-requests");
  policy.push(`report-uri ${CSP_REPORT_PATH}`);
  return policy.join("; ");
}

/** Browser features the shop never uses, switched off for it and anything it embeds; payments stay with PayPal. */
export const PERMISSIONS_POLICY = [
  "accelerometer=()",
  "autoplay=()",
  "camera=()",
  "display-capture=()",
  "geolocation=()",
  "gyroscope=()",
  "hid=()",
  "magnetometer=()",
  "microphone=()",
  "midi=()",
  'payment=(self "https://www.paypal.com")',
  "serial=()",
  "usb=()",
  "xr-spatial-tracking=()",
].join(", ");

/** HSTS on AWS: two years, subdomains included (HTTPS only; never sent by the local server over http). */
export const HSTS_MAX_AGE_SECONDS = 2 * 365 * 24 * 60 * 60;
export const STRICT_TRANSPORT_SECURITY = `max-age=${HSTS_MAX_AGE_SECONDS}; includeSubDomains`;

/** Headers every page carries whatever its path (besides the Content-Security-Policy). */
export function staticSecurityHeaders({ https }: { https: boolean }): Record<string, string> {
  return {
    "x-content-type-options": "nosniff",
    "referrer-policy": "strict-origin-when-cross-origin",
    // For browsers older than frame-ancestors; the policy's frame-ancestors 'none' says the same.
    "x-frame-options": "DENY",
    "permissions-policy": PERMISSIONS_POLICY,
    ...(https ? { "strict-transport-security": STRICT_TRANSPORT_SECURITY } : {}),
  };
}
