/**
 * Issue 14, defect 2: every page the local server sends carries the security headers, with the same policy the AWS
 * Router sends (src/domain/publishing/security-headers.ts; tests/infra covers the Router), and browsers' violation reports
 * reach POST /api/csp-reports, which logs them under a per-address limit.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { createLocalApp } from "../../functions/main/local";
import { rateLimits } from "../../src/domain/rate-limit";
import { inlineScriptHashes } from "../../src/scripts/inline/hashes";
import { createTestContext } from "../setup/test-db";
import { writeBuiltSite } from "../support/built-site";
import { middleOfBucket } from "../support/rate-limit-clock";

const ctx = await createTestContext();
const dist = mkdtempSync(join(tmpdir(), "shop-dist-"));
afterAll(() => rmSync(dist, { recursive: true, force: true }));
writeBuiltSite(dist, {
  "index.html": "<h1>Accueil</h1>",
  "payment/index.html": "<h1>Paiement</h1>",
  "404.html": "<h1>Page Non Trouvée</h1>",
  "_astro/app.abc123.js": "console.log(1)",
});
const app = createLocalApp({ deps: ctx.deps, distDir: dist });

function policyOf(response: Response): Map<string, string[]> {
  const header = response.headers.get("content-security-policy") ?? "";
  return new Map(
    header.split("; ").map((directive) => {
      const [name = "", ...sources] = directive.split(" ");
      return [name, sources] as const;
    }),
  );
}

afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

describe("pages of the local server", () => {
  it.each(["/", "/payment", "/Payment/", "/page-inconnue"])(
    "%s carries the security headers",
    async (path) => {
      const response = await app.request(path);
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
      expect(response.headers.get("x-frame-options")).toBe("DENY");
      expect(response.headers.get("permissions-policy")).toContain("camera=()");
      // Plain http: HSTS would be ignored, and must not stick to localhost.
      expect(response.headers.get("strict-transport-security")).toBeNull();
      const policy = policyOf(response);
      expect(policy.get("frame-ancestors")).toEqual(["'none'"]);
      expect(policy.get("report-uri")).toEqual(["/api/csp-reports"]);
      const scripts = policy.get("script-src") ?? [];
      expect(scripts).not.toContain("'unsafe-inline'");
      expect(scripts).toEqual(expect.arrayContaining(inlineScriptHashes().map((hash) => `'${hash}'`)));
    },
  );

  it("allows PayPal on the payment pages only", async () => {
    expect(policyOf(await app.request("/payment")).get("script-src")).toContain("https://www.paypal.com");
    expect(policyOf(await app.request("/Payment/")).get("frame-src")).toContain("https://*.paypal.com");
    expect((await app.request("/")).headers.get("content-security-policy")).not.toMatch(/paypal/);
  });

  it("allows Google's measurement only when the build has an id and the visitor's cookie says yes", async () => {
    const consented = { headers: { cookie: "panier=1; analytics_consent=granted" } };
    expect((await app.request("/", consented)).headers.get("content-security-policy")).not.toMatch(/google/);
    vi.stubEnv("PUBLIC_GA_MEASUREMENT_ID", "G-TEST1234");
    expect((await app.request("/")).headers.get("content-security-policy")).not.toMatch(/google/);
    const policy = policyOf(await app.request("/", consented));
    expect(policy.get("script-src")).toContain("https://www.googletagmanager.com");
  });

  it("sends nosniff with every file, the policy with pages only", async () => {
    const asset = await app.request("/_astro/app.abc123.js");
    expect(asset.headers.get("x-content-type-options")).toBe("nosniff");
    expect(asset.headers.get("content-security-policy")).toBeNull();
  });
});

describe("POST /api/csp-reports", () => {
  const report = {
    "csp-report": {
      "document-uri": "http://localhost:4321/faq",
      "effective-directive": "script-src-elem",
      "blocked-uri": "inline",
      "line-number": 3,
    },
  };
  const post = (body: string, type: string) =>
    app.request("/api/csp-reports", { method: "POST", headers: { "content-type": type }, body });

  it.each(["application/csp-report", "application/json"])(
    "logs a report-uri report sent as %s",
    async (type) => {
      const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
      const response = await post(JSON.stringify(report), type);
      expect(response.status).toBe(204);
      expect(JSON.parse(String(warn.mock.calls[0]?.[0]))).toEqual({
        event: "csp-violation",
        document: "http://localhost:4321/faq",
        directive: "script-src-elem",
        blocked: "inline",
        source: "",
        line: 3,
        disposition: "enforce",
      });
    },
  );

  it("logs each violation of a Reporting API batch", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const batch = [1, 2].map((n) => ({
      type: "csp-violation",
      body: { documentURL: `http://localhost/${n}`, effectiveDirective: "img-src", blockedURL: "http://x" },
    }));
    expect((await post(JSON.stringify(batch), "application/reports+json")).status).toBe(204);
    expect(warn).toHaveBeenCalledTimes(2);
  });

  it("answers a French 4xx to what is not a report, and logs nothing", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const notJson = await post("<html>", "application/csp-report");
    expect(notJson.status).toBe(400);
    expect(await notJson.json()).toMatchObject({ code: "BAD_JSON" });
    const notReport = await post(JSON.stringify({ hello: "world" }), "application/csp-report");
    expect(notReport.status).toBe(400);
    expect(await notReport.json()).toMatchObject({ error: "Rapport de violation CSP illisible." });
    expect((await post(JSON.stringify(report), "text/plain")).status).toBe(415);
    const huge = await post(
      JSON.stringify({ "csp-report": { "document-uri": "x".repeat(70_000) } }),
      "application/json",
    );
    expect(huge.status).toBe(413);
    expect(warn).not.toHaveBeenCalled();
  });

  it("other routes still accept JSON only", async () => {
    const response = await app.request("/api/promo/validate", {
      method: "POST",
      headers: { "content-type": "application/csp-report" },
      body: JSON.stringify({ promo_code: "X", total_amount: 1 }),
    });
    expect(response.status).toBe(415);
  });

  it(`counts reports per address: past ${rateLimits.cspReports.max}, 429 with Retry-After`, async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const at = middleOfBucket(rateLimits.cspReports);
    const own = await createTestContext({ now: () => at });
    const fresh = createLocalApp({ deps: own.deps, distDir: dist });
    const send = () =>
      fresh.request("/api/csp-reports", {
        method: "POST",
        headers: { "content-type": "application/csp-report" },
        body: JSON.stringify(report),
      });
    const statuses = await Promise.all(Array.from({ length: rateLimits.cspReports.max + 5 }, send));
    expect(statuses.filter((response) => response.status === 204)).toHaveLength(rateLimits.cspReports.max);
    const refused = statuses.filter((response) => response.status === 429);
    expect(refused).toHaveLength(5);
    expect(refused[0]?.headers.get("retry-after")).toMatch(/^\d+$/);
  });
});
