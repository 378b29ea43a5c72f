/**
 * Issue 14, defect 2, on AWS: the Router adds the security headers to every answer (a CloudFront response-headers
 * policy) and each site page's Content-Security-Policy (its viewer-response function), the same values as the local
 * server's (src/domain/publishing/security-headers.ts).
 */
import { afterEach, describe, expect, it } from "vitest";
import { CONSENT_HEADER, pageKey, siteErrorResponseInjection } from "../../infra/edge";
import {
  contentSecurityPolicy,
  HSTS_MAX_AGE_SECONDS,
  isPaymentPath,
  PERMISSIONS_POLICY,
} from "../../src/domain/publishing/security-headers";
import { inlineScriptHashes } from "../../src/scripts/inline/hashes";
import { runInjection } from "../edge/cloudfront-functions";
import { deployedPageKeys } from "../edge/router-config";
import { productionEnv, resourcesOf } from "./recorded";
import { deepKnown, deploy, known, restoreSstStubs } from "./sst-stubs";

afterEach(restoreSstStubs);

const policyType = "aws:cloudfront/responseHeadersPolicy:ResponseHeadersPolicy";

async function production(env: Record<string, string | undefined> = {}) {
  const deployment = await deploy("production", {
    ...productionEnv,
    PUBLIC_GA_MEASUREMENT_ID: undefined,
    ...env,
  });
  const [router] = deployment.recording.routers;
  if (!router) throw new Error("no Router");
  return { deployment, router };
}

interface EdgeResponse {
  statusCode: number;
  headers: Record<string, { value: string }>;
}

/** Runs the Router's viewer-response code as CloudFront would (cloudfront-js-2.0, the page keys of a deploy). */
async function viewerResponse(
  injection: string,
  uri: string,
  { status = 200, type = "text/html", cookies = {} as Record<string, { value: string }> } = {},
): Promise<EdgeResponse> {
  const result = await runInjection(
    injection,
    "viewer-response",
    { uri, cookies },
    {
      store: new Map([...deployedPageKeys(), [pageKey("/product/3"), "1"]]),
      response: { statusCode: status, statusDescription: "", headers: { "content-type": { value: type } } },
    },
  );
  return result as unknown as EdgeResponse;
}

const csp = (response: EdgeResponse) => response.headers["content-security-policy"]?.value;
const expected = (payment: boolean, analytics: boolean) =>
  contentSecurityPolicy({ scriptHashes: inlineScriptHashes(), payment, analytics, https: true });
const consentCookie = { analytics_consent: { value: "granted" } };

describe("the Router's response-headers policy", () => {
  it("adds nosniff, DENY, the referrer policy, two years of HSTS and the Permissions-Policy to every answer", async () => {
    const { deployment } = await production();
    const policies = resourcesOf(deployment, policyType);
    expect(policies).toHaveLength(1);
    const [policy] = policies;
    expect(deepKnown(policy?.args)).toMatchObject({
      securityHeadersConfig: {
        contentTypeOptions: { override: true },
        frameOptions: { frameOption: "DENY", override: true },
        referrerPolicy: { referrerPolicy: "strict-origin-when-cross-origin", override: true },
        strictTransportSecurity: { accessControlMaxAgeSec: HSTS_MAX_AGE_SECONDS, includeSubdomains: true },
      },
      customHeadersConfig: {
        items: [{ header: "Permissions-Policy", value: PERMISSIONS_POLICY, override: true }],
      },
    });
    expect(HSTS_MAX_AGE_SECONDS).toBeGreaterThanOrEqual(365 * 24 * 3600);
  });

  it("is attached to the Router's cache behaviour, keeping what SST set there", async () => {
    const { deployment, router } = await production();
    const policy = deployment.recording.resources.find((resource) => resource.type === policyType);
    const transform = router.args?.transform?.cdn;
    expect(typeof transform).toBe("function");
    const args = { defaultCacheBehavior: { targetOriginId: "default", functionAssociations: ["router"] } };
    if (typeof transform === "function") transform(args, {}, "RouterCdn");
    expect(deepKnown(args.defaultCacheBehavior)).toEqual({
      targetOriginId: "default",
      functionAssociations: ["router"],
      responseHeadersPolicyId: known(policy?.instance.id),
    });
  });
});

describe("each page's Content-Security-Policy at the Router's edge", () => {
  it("keeps the 404 status first, then sets the policy", async () => {
    const { router } = await production();
    const injection = String(
      (deepKnown(router.args?.edge?.viewerResponse) as { injection?: string } | undefined)?.injection ?? "",
    );
    expect(injection.startsWith(siteErrorResponseInjection)).toBe(true);
    // CloudFront Functions are at most 10 KB (the whole function: tests/edge/rehearsal.test.ts).
    expect(new TextEncoder().encode(injection).length).toBeLessThan(7 * 1024);
  });

  it("answers the 404 page, and any path that is no page, with 404 and the page policy", async () => {
    const { router } = await production();
    const injection = String(
      (deepKnown(router.args?.edge?.viewerResponse) as { injection?: string } | undefined)?.injection ?? "",
    );
    // Whichever request viewer-response sees: the one viewer-request rewrote, or the visitor's (decision record 028).
    for (const uri of ["/404.html", "/pas-une-page", "/faq/rien"]) {
      const response = await viewerResponse(injection, uri);
      expect(response.statusCode, uri).toBe(404);
      expect(csp(response), uri).toBe(expected(false, false));
    }
    for (const uri of [
      "/",
      "/faq/index.html",
      "/product/42",
      "/orders/track/01ABC",
      "/orders/track/index.html",
    ]) {
      expect((await viewerResponse(injection, uri)).statusCode, uri).toBe(200);
    }
  });

  it("reads the visitor's acceptance from viewer-request's header when the cookies are gone (SST drops them for S3)", async () => {
    const { router } = await production({ PUBLIC_GA_MEASUREMENT_ID: "G-SHOP1234" });
    const injection = String(
      (deepKnown(router.args?.edge?.viewerResponse) as { injection?: string } | undefined)?.injection ?? "",
    );
    const result = await runInjection(
      injection,
      "viewer-response",
      { uri: "/index.html", headers: { [CONSENT_HEADER]: { value: "1" } } },
      {
        store: new Map(deployedPageKeys()),
        response: { statusCode: 200, headers: { "content-type": { value: "text/html" } } },
      },
    );
    expect(csp(result as unknown as EdgeResponse)).toBe(expected(false, true));
  });

  it.each(["/", "/faq", "/product/3", "/payment", "/Payment/", "/payments", "/404.html"])(
    "%s gets the policy the local server sends (https)",
    async (uri) => {
      const { router } = await production();
      const injection = String(
        (deepKnown(router.args?.edge?.viewerResponse) as { injection?: string } | undefined)?.injection ?? "",
      );
      const response = await viewerResponse(injection, uri);
      expect(csp(response)).toBe(expected(isPaymentPath(uri), false));
      expect(csp(response)).toContain("upgrade-insecure-requests");
      expect(csp(response)).not.toMatch(/'unsafe-inline'[^;]*;.*script-src|script-src[^;]*'unsafe-inline'/);
    },
  );

  it("allows Google's script only with a measurement id at deploy and the visitor's acceptance cookie", async () => {
    const without = await production();
    const noId = String(
      (deepKnown(without.router.args?.edge?.viewerResponse) as { injection?: string } | undefined)
        ?.injection ?? "",
    );
    expect(csp(await viewerResponse(noId, "/", { cookies: consentCookie }))).toBe(expected(false, false));

    const withId = await production({ PUBLIC_GA_MEASUREMENT_ID: "G-SHOP1234" });
    const injection = String(
      (deepKnown(withId.router.args?.edge?.viewerResponse) as { injection?: string } | undefined)
        ?.injection ?? "",
    );
    expect(csp(await viewerResponse(injection, "/"))).toBe(expected(false, false));
    expect(
      csp(await viewerResponse(injection, "/", { cookies: { analytics_consent: { value: "denied" } } })),
    ).toBe(expected(false, false));
    expect(csp(await viewerResponse(injection, "/", { cookies: consentCookie }))).toBe(expected(false, true));
    expect(csp(await viewerResponse(injection, "/payment", { cookies: consentCookie }))).toBe(
      expected(true, true),
    );
  });

  it("leaves the API's answers and the site's files without a page policy", async () => {
    const { router } = await production();
    const injection = String(
      (deepKnown(router.args?.edge?.viewerResponse) as { injection?: string } | undefined)?.injection ?? "",
    );
    expect(csp(await viewerResponse(injection, "/api/products"))).toBeUndefined();
    expect(
      csp(await viewerResponse(injection, "/api/products", { type: "application/json" })),
    ).toBeUndefined();
    expect(
      csp(await viewerResponse(injection, "/_astro/app.js", { type: "text/javascript" })),
    ).toBeUndefined();
    expect(
      csp(await viewerResponse(injection, "/images/savon.webp", { type: "image/webp" })),
    ).toBeUndefined();
  });
});
