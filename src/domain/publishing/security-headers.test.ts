import { describe, expect, it } from "vitest";
import {
  contentSecurityPolicy,
  hasAnalyticsConsent,
  isPaymentPath,
  PAYPAL_SOURCES,
  staticSecurityHeaders,
} from "./security-headers";

const directives = (policy: string) =>
  new Map(
    policy.split("; ").map((directive) => {
      const [name = "", ...sources] = directive.split(" ");
      return [name, sources] as const;
    }),
  );

const base = { scriptHashes: ["sha256-AAA=", "sha256-BBB="], payment: false, analytics: false, https: false };

describe("contentSecurityPolicy", () => {
  it("allows the site's scripts and the listed inline ones, never inline code in general", () => {
    const policy = directives(contentSecurityPolicy(base));
    expect(policy.get("script-src")).toEqual(["'self'", "'sha256-AAA='", "'sha256-BBB='"]);
    expect(policy.get("default-src")).toEqual(["'self'"]);
    expect(policy.get("object-src")).toEqual(["'none'"]);
    expect(policy.get("base-uri")).toEqual(["'none'"]);
    expect(policy.get("frame-ancestors")).toEqual(["'none'"]);
    expect(policy.get("frame-src")).toEqual(["'none'"]);
    expect(policy.get("report-uri")).toEqual(["/api/csp-reports"]);
    expect(contentSecurityPolicy(base)).not.toMatch(/unsafe-eval/);
    expect(policy.get("script-src")?.join(" ")).not.toMatch(/unsafe-inline|paypal|google/);
  });

  it("allows PayPal's script, frames and calls on the payment page only", () => {
    const payment = directives(contentSecurityPolicy({ ...base, payment: true }));
    for (const directive of ["script-src", "frame-src", "connect-src"]) {
      expect(payment.get(directive), directive).toEqual(expect.arrayContaining(PAYPAL_SOURCES));
    }
    expect(payment.get("frame-ancestors")).toEqual(["'none'"]);
    expect(contentSecurityPolicy(base)).not.toMatch(/paypal/);
  });

  it("allows Google's measurement only with the visitor's consent", () => {
    const consented = directives(contentSecurityPolicy({ ...base, analytics: true }));
    expect(consented.get("script-src")).toContain("https://www.googletagmanager.com");
    expect(consented.get("connect-src")).toContain("https://*.google-analytics.com");
    expect(contentSecurityPolicy(base)).not.toMatch(/google/);
  });

  it("upgrades insecure requests over https only", () => {
    expect(contentSecurityPolicy({ ...base, https: true })).toContain("upgrade-insecure-requests");
    expect(contentSecurityPolicy(base)).not.toContain("upgrade-insecure-requests");
  });
});

describe("isPaymentPath", () => {
  it.each([
    ["/payment", true],
    ["/payment/", true],
    ["/Payment/", true],
    ["/payments", false],
    ["/cart", false],
    ["/product/payment", false],
  ])("%s -> %s", (path, expected) => {
    expect(isPaymentPath(path)).toBe(expected);
  });
});

describe("hasAnalyticsConsent", () => {
  it.each([
    [undefined, false],
    ["", false],
    ["analytics_consent=granted", true],
    ["session=abc; analytics_consent=granted", true],
    ["analytics_consent=denied", false],
    ["xanalytics_consent=granted", false],
    ["analytics_consent=grantedx", false],
  ])("%j -> %s", (cookie, expected) => {
    expect(hasAnalyticsConsent(cookie)).toBe(expected);
  });
});

describe("staticSecurityHeaders", () => {
  it("always: nosniff, the referrer policy, no framing, the unused features off", () => {
    const headers = staticSecurityHeaders({ https: false });
    expect(headers).toMatchObject({
      "x-content-type-options": "nosniff",
      "referrer-policy": "strict-origin-when-cross-origin",
      "x-frame-options": "DENY",
    });
    expect(headers["permissions-policy"]).toMatch(/camera=\(\)/);
    expect(headers["permissions-policy"]).toMatch(/geolocation=\(\)/);
    expect(headers).not.toHaveProperty("strict-transport-security");
  });

  it("HSTS over https", () => {
    expect(staticSecurityHeaders({ https: true })["strict-transport-security"]).toMatch(/^max-age=\d{8}/);
  });
});
