/**
 * The security headers of the shop's pages, one source for the local server (functions/platform/static-site.ts) and
 * the CloudFront Router (infra/edge.ts, web.ts). Why each directive: docs/decisions/013-content-security-policy.md.
 */

/** report-uri: sent at once, by every browser that enforces CSP. */
export const CSP_REPORT_PATH = "/api/csp-reports";

/** Payment pages only, per PayPal's CSP guide for the JS SDK; PCI DSS SAQ A: this list is the script inventory. */
export const PAYPAL_SOURCES = [
  "https://www.paypal.com",
  "https://*.paypal.com",
  "https://*.paypalobjects.com",
];

/** Only once the visitor accepted the measurement. */
export const ANALYTICS_SCRIPT_SOURCES = ["https://www.googletagmanager.com"];
export const ANALYTICS_CONNECT_SOURCES = [
  "https://www.googletagmanager.com",
  "https://*.google-analytics.com",
  "https://*.analytics.google.com",
];

/**
 * Only lets the page's policy allow Google's script; the choice stays in localStorage (src/domain/legal/consent.ts).
 * Strictly necessary (it records a consent choice), first-party, no identifier.
 */
export const ANALYTICS_CONSENT_COOKIE = "analytics_consent";
export const ANALYTICS_CONSENT_GRANTED = "granted";

/** /payment and the spec's capitalised /Payment/…. */
export function isPaymentPath(path: string): boolean {
  return /^\/payment(\/|$)/i.test(path);
}

export function hasAnalyticsConsent(cookieHeader: string | null | undefined): boolean {
  if (!cookieHeader) return false;
  return cookieHeader
    .split(";")
    .some((pair) => pair.trim() === `${ANALYTICS_CONSENT_COOKIE}=${ANALYTICS_CONSENT_GRANTED}`);
}

export interface PolicyOptions {
  scriptHashes: readonly string[];
  payment: boolean;
  analytics: boolean;
  /** Upgrade any http:// sub-resource. */
  https: boolean;
}

/**
 * Never 'unsafe-inline' scripts; styles keep it (Astro's scoped styles, React's style attributes; a style cannot run
 * code). Images from any https host: a product's picture may be a URL the owner entered.
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

/** Payments stay with PayPal. */
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

/** Two years; HTTPS only, never sent by the local server. */
export const HSTS_MAX_AGE_SECONDS = 2 * 365 * 24 * 60 * 60;
export const STRICT_TRANSPORT_SECURITY = `max-age=${HSTS_MAX_AGE_SECONDS}; includeSubDomains`;

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
