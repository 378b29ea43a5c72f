/**
 * The edge rehearsal's own checks (issue 27): SST's code is read from the installed SST and still holds what the
 * routing relies on; the Router the infra declares is the one rehearsed; and, on a small built site, the site's paths
 * answer through CloudFront + S3 as under `npm start`. The whole shop (real build, real API handlers on DynamoDB
 * Local, every URL the shop prints) is compared in tests/e2e/edge-rehearsal.spec.ts.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { apiAreas } from "../../functions/main/areas";
import { CLOUDFRONT_FUNCTION_TYPE } from "../../infra/cloudfront-function-code";
import { METHOD_NOT_ALLOWED_KEY, methodNotAllowedKeys } from "../../infra/edge";
import { API_FALLBACK_ROUTE, MEDIA_ROUTE, routerRoutes } from "../../infra/router-routes";
import { contentSecurityPolicy } from "../../src/domain/publishing/security-headers";
import { inlineScriptHashes } from "../../src/scripts/inline/hashes";
import {
  applyStackTransforms,
  deepKnown,
  deploy,
  KnownOutput,
  known,
  restoreSstStubs,
} from "../infra/sst-stubs";
import { writeBuiltSite } from "../support/built-site";
import { FUNCTION_SIZE_LIMIT_BYTES } from "./cloudfront-functions";
import { runProductPageKeys } from "./kvs-cli";
import { type Rehearsal, startRehearsal } from "./rehearsal";
import { deployedPageKeys, responseHeadersPolicyHeaders, routerConfig } from "./router-config";
import {
  deployedRequestFunctionCode,
  installedSstVersion,
  missingAnchors,
  REHEARSED_SST_VERSION,
  requestFunctionCode,
  responseFunctionCode,
} from "./sst-platform";

const edgeKey = "EdgeKey-secret-".padEnd(48, "x");

describe("SST's code, read from the installed SST", () => {
  it("is the version the rehearsal was written against", () => {
    expect(installedSstVersion()).toBe(REHEARSED_SST_VERSION);
  });

  it("still contains everything the edge routing relies on", () => {
    expect(missingAnchors()).toEqual([]);
  });

  // The largest request function: a custom domain (SST's cloudfront.net block) and a 48-character edge key.
  it.each([false, true])(
    "leaves at least 1 KB of CloudFront Functions' 10 KB free in the request function deployed (measurement id: %s)",
    (analytics) => {
      const config = routerConfig({ edgeKey, analytics });
      const options = { userInjection: config.viewerRequestInjection, kvNamespace: "abcd", domain: true };
      const deployed = Buffer.byteLength(deployedRequestFunctionCode(options));
      expect(FUNCTION_SIZE_LIMIT_BYTES - deployed).toBeGreaterThanOrEqual(1024);
      // Minified, not merely under the limit as SST writes it (9.9 KB with the measurement id).
      expect(deployed).toBeLessThan(Buffer.byteLength(requestFunctionCode(options)));
      const response = responseFunctionCode(config.viewerResponseInjection);
      expect(Buffer.byteLength(response)).toBeLessThanOrEqual(FUNCTION_SIZE_LIMIT_BYTES);
    },
  );
});

describe("the 405 answer in the Router's KeyValueStore", () => {
  it("is cut in values the store accepts (at most 1024 characters, ASCII so characters are bytes)", () => {
    const keys = methodNotAllowedKeys({ scriptHashes: inlineScriptHashes() });
    const [[countKey, count] = ["", ""], ...parts] = keys;
    expect(countKey).toBe(METHOD_NOT_ALLOWED_KEY);
    expect(Number(count)).toBe(parts.length);
    expect(parts.length).toBeGreaterThan(1);
    for (const [key, value] of parts) {
      expect(key).toMatch(/^shop:405:\d+$/);
      expect(value.length).toBeLessThanOrEqual(1024);
      expect(Buffer.byteLength(value)).toBe(value.length);
    }
    const answer = JSON.parse(parts.map(([, value]) => value).join("")) as {
      statusCode: number;
      headers: Record<string, { value: string }>;
      body: { data: string };
    };
    expect(answer.statusCode).toBe(405);
    expect(answer.headers.allow).toEqual({ value: "GET, HEAD" });
    expect(answer.body.data).toContain("Méthode non autorisée");
  });
});

describe("the rehearsed Router is the one infra/ declares", () => {
  afterEach(restoreSstStubs);

  it.each([false, true])("with a measurement id: %s", async (analytics) => {
    const { recording } = await deploy("production", {
      SHOP_DOMAIN: "savon.example.fr",
      SHOP_EMAIL_SENDER: undefined,
      PUBLIC_GA_MEASUREMENT_ID: analytics ? "G-SHOP1234" : undefined,
    });
    const [router] = recording.routers;
    const key = recording.resources.find(({ type }) => type === "random:index/randomPassword:RandomPassword");
    const secret = (key?.instance as unknown as { result: $util.Output<string> } | undefined)?.result;
    const config = routerConfig({ edgeKey: String(known(secret)), analytics });
    const edge = deepKnown(router?.args?.edge) as {
      viewerRequest: { injection: string; kvStore?: string };
      viewerResponse: { injection: string; kvStore?: string };
    };
    expect(edge.viewerRequest.injection).toBe(config.viewerRequestInjection);
    expect(edge.viewerResponse.injection).toBe(config.viewerResponseInjection);
    // The code uploaded: the stack transformations the Router's functions inherit (registered before the Router),
    // run on the functions as SST 4.17.1 declares them (router.ts createRequestFunction, createResponseFunction).
    const transforms = router?.instance.stackTransforms ?? [];
    const options = { userInjection: config.viewerRequestInjection, kvNamespace: "abcd", domain: true };
    const request = applyStackTransforms(
      transforms,
      CLOUDFRONT_FUNCTION_TYPE,
      `${router?.name}CloudfrontFunctionRequest`,
      { runtime: "cloudfront-js-2.0", code: new KnownOutput(requestFunctionCode(options)) },
    );
    expect(known(request.code as $util.Output<string>)).toBe(deployedRequestFunctionCode(options));
    const responseCode = responseFunctionCode(config.viewerResponseInjection);
    const response = applyStackTransforms(
      transforms,
      CLOUDFRONT_FUNCTION_TYPE,
      `${router?.name}CloudfrontFunctionResponse`,
      { runtime: "cloudfront-js-2.0", code: responseCode },
    );
    expect(known(response.code as $util.Input<string>)).toBe(responseCode);
    const store = recording.resources.find(
      ({ type }) => type === "aws:cloudfront/keyValueStore:KeyValueStore",
    );
    expect(edge.viewerRequest.kvStore).toBe(known(store?.instance.arn));
    expect(edge.viewerResponse.kvStore).toBe(
      config.responseReadsStore ? known(store?.instance.arn) : undefined,
    );
    // Every page src/pages declares has its key, in that store.
    const keys = recording.resources
      .filter(({ type }) => type === "aws:cloudfront/keyvaluestoreKey:KeyvaluestoreKey")
      .map(({ args }) => deepKnown(args) as { keyValueStoreArn: string; key: string; value: string });
    expect(keys.map(({ key, value }) => [key, value])).toEqual(deployedPageKeys());
    expect(new Set(keys.map(({ keyValueStoreArn }) => keyValueStoreArn))).toEqual(
      new Set([known(store?.instance.arn)]),
    );

    const policy = recording.resources.find(
      ({ type }) => type === "aws:cloudfront/responseHeadersPolicy:ResponseHeadersPolicy",
    );
    const args = deepKnown(policy?.args) as {
      securityHeadersConfig: {
        referrerPolicy: { referrerPolicy: string };
        strictTransportSecurity: { accessControlMaxAgeSec: number; includeSubdomains: boolean };
        frameOptions: { frameOption: string };
      };
      customHeadersConfig: { items: { header: string; value: string }[] };
    };
    const headers = responseHeadersPolicyHeaders();
    expect(headers["referrer-policy"]).toBe(args.securityHeadersConfig.referrerPolicy.referrerPolicy);
    expect(headers["x-frame-options"]).toBe(args.securityHeadersConfig.frameOptions.frameOption);
    expect(headers["strict-transport-security"]).toBe(
      `max-age=${args.securityHeadersConfig.strictTransportSecurity.accessControlMaxAgeSec}; includeSubDomains`,
    );
    expect(args.customHeadersConfig.items).toEqual([
      { header: "Permissions-Policy", value: headers["permissions-policy"], override: true },
    ]);
  });
});

describe("the rehearsed routes are the ones infra/web.ts gives SST's Router", () => {
  afterEach(restoreSstStubs);

  it("each API mount to its area's function, the photos to their bucket, /api to the first area", async () => {
    const { recording } = await deploy("production", {
      SHOP_DOMAIN: "savon.example.fr",
      SHOP_EMAIL_SENDER: undefined,
      PUBLIC_GA_MEASUREMENT_ID: undefined,
    });
    // The area of each function URL, from the handler SST deploys behind it (functions/main/lambda/<area>.ts).
    const areaOfUrl = new Map(
      recording.functions.map(({ args, instance }) => [
        known(instance.url),
        /^functions\/main\/lambda\/([a-z]+)\.handler$/.exec(String(known(args.handler)))?.[1],
      ]),
    );
    const declared = routerRoutes(apiAreas);
    expect(
      recording.routes.map(({ pattern, url }) => ({ kind: "url", pattern, area: areaOfUrl.get(url) })),
    ).toEqual(declared.filter(({ kind }) => kind === "url"));
    expect(recording.bucketRoutes.map(({ pattern, bucket }) => ({ pattern, bucket }))).toEqual([
      { pattern: MEDIA_ROUTE, bucket: "Media" },
    ]);
    expect(declared.filter(({ kind }) => kind === "bucket")).toEqual([
      { kind: "bucket", pattern: MEDIA_ROUTE, bucket: "media" },
    ]);
  });
});

/** A small build shaped as Astro's (format: directory), in `<folder>/dist` as the publish build leaves it. */
function builtSite(): string {
  const page = (title: string) => `<!doctype html><html lang="fr"><title>${title}</title></html>`;
  return writeBuiltSite(join(mkdtempSync(join(tmpdir(), "edge-site-")), "dist"), {
    "index.html": page("Accueil"),
    "404.html": page("Page introuvable"),
    "faq/index.html": page("FAQ"),
    "payment/index.html": page("Paiement"),
    "product/index.html": page("Produit (shell)"),
    "product/3/index.html": page("Savon 3"),
    "orders/index.html": page("Mes commandes"),
    "orders/track/index.html": page("Suivi (shell)"),
    "_astro/app.abc123.js": "export {};",
    "sitemap.xml": "<urlset/>",
    "robots.txt": "User-agent: *",
  });
}

const siteFileOptions = [
  { files: "**", cacheControl: "public,max-age=3600" },
  { files: "_astro/**", cacheControl: "public,max-age=31536000,immutable" },
  { files: ["**/*.html", "sw.js"], cacheControl: "public,max-age=0,must-revalidate" },
];

describe.each(["viewer", "modified"] as const)(
  "site paths through the edge (viewer-response sees the %s request)",
  (responseRequest) => {
    let rehearsal: Rehearsal;
    const siteDir = builtSite();
    // The photos bucket apart from the site's: a /media path the Router sent to the site would not find its photo.
    const mediaRoot = writeBuiltSite(mkdtempSync(join(tmpdir(), "edge-media-")), {
      "media/products/3/photo-640.webp": "RIFF-photo",
    });
    beforeAll(async () => {
      // The keys as a deploy then a publish of this build leave them.
      const published = runProductPageKeys(dirname(siteDir), Object.fromEntries(deployedPageKeys()));
      rehearsal = await startRehearsal({
        app: "savon-shop",
        stage: "production",
        domain: "savon.example.fr",
        ...routerConfig({ edgeKey, analytics: false }),
        siteDir,
        siteFileOptions,
        mediaRoot,
        // Every area infra/ deploys, each function answering with its area's name.
        areas: apiAreas.map(({ name, mounts }) => ({
          name,
          mounts,
          handler: async (event) => ({
            statusCode: 200,
            headers: { "content-type": "application/json" },
            body: JSON.stringify({ area: name, path: event.rawPath, key: event.headers["x-shop-edge-key"] }),
          }),
        })),
        extraKeys: Object.entries(published.keys),
        responseRequest,
        responseHeadersPolicy: responseHeadersPolicyHeaders(),
      });
    });
    afterAll(() => rehearsal?.close());

    const get = (path: string) => fetch(`${rehearsal.url}${path}`, { redirect: "manual" });
    const policy = (payment: boolean) =>
      contentSecurityPolicy({ scriptHashes: inlineScriptHashes(), payment, analytics: false, https: true });

    it.each([
      ["/", "Accueil"],
      ["/faq", "FAQ"],
      ["/faq/", "FAQ"],
      ["/product/3", "Savon 3"],
      ["/product/3/", "Savon 3"],
      ["/orders", "Mes commandes"],
    ])("%s is its built page, with the page policy", async (path, title) => {
      const response = await get(path);
      expect(response.status).toBe(200);
      expect(await response.text()).toContain(title);
      expect(response.headers.get("content-security-policy")).toBe(policy(false));
      expect(response.headers.get("strict-transport-security")).toContain("max-age=");
    });

    /** The security headers every page carries, as a GET of the home page gets them through the edge. */
    const pageHeaderNames = [
      "content-security-policy",
      "x-content-type-options",
      "referrer-policy",
      "x-frame-options",
      "permissions-policy",
      "strict-transport-security",
    ];

    it.each([
      ["POST", "/"],
      ["OPTIONS", "/faq"],
      ["DELETE", "/product/3"],
      ["PUT", "/nimporte-quoi"],
      ["PATCH", "/orders/track/01JORDER7XYZ"],
      ["POST", "/media/photo.jpg"],
      ["POST", "/robots.txt"],
    ])(
      "%s %s answers 405 with Allow: GET, HEAD and the headers of every page (issue 28, item 6)",
      async (method, path) => {
        const page = await get("/");
        const response = await fetch(`${rehearsal.url}${path}`, {
          method,
          redirect: "manual",
          ...(method !== "OPTIONS" && { body: "x=1" }),
        });
        expect(response.status).toBe(405);
        expect(response.headers.get("allow")).toBe("GET, HEAD");
        expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
        for (const name of pageHeaderNames) {
          expect(response.headers.get(name), name).toBeTruthy();
          expect(response.headers.get(name), name).toBe(page.headers.get(name));
        }
        expect(await response.text()).toContain("Méthode non autorisée");
      },
    );

    it.each(["POST", "DELETE", "OPTIONS", "PUT"])("%s on /api still reaches the API", async (method) => {
      const response = await fetch(`${rehearsal.url}/api/products/1`, { method });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ area: "catalog", path: "/api/products/1", key: edgeKey });
    });

    it.each(apiAreas.flatMap(({ name, mounts }) => mounts.map((mount) => [mount, name] as const)))(
      "%s and below reach the %s function",
      async (mount, area) => {
        for (const path of [mount, `${mount}/x`]) {
          const response = await get(path);
          expect(response.status, path).toBe(200);
          expect(await response.json(), path).toEqual({ area, path, key: edgeKey });
        }
      },
    );

    it("an /api path no module mounts reaches the first area, for the API's JSON 404", async () => {
      const path = `${API_FALLBACK_ROUTE}/rien-ici`;
      expect(await (await get(path)).json()).toEqual({ area: apiAreas[0]?.name, path, key: edgeKey });
    });

    it("a product photo is read from the photos bucket", async () => {
      const response = await get(`${MEDIA_ROUTE}/products/3/photo-640.webp`);
      expect(response.status).toBe(200);
      expect(await response.text()).toBe("RIFF-photo");
    });

    it("a tracking link opens the tracking shell (every order mail prints one)", async () => {
      const response = await get("/orders/track/01JORDER7XYZ");
      expect(response.status).toBe(200);
      expect(await response.text()).toContain("Suivi (shell)");
      expect(response.headers.get("content-security-policy")).toBe(policy(false));
    });

    it("a product without a built page opens the product shell", async () => {
      const response = await get("/product/987");
      expect(response.status).toBe(200);
      expect(await response.text()).toContain("Produit (shell)");
      expect(response.headers.get("content-security-policy")).toBe(policy(false));
    });

    it.each(["/pas-une-page", "/faq/rien", "/orders/rien/du-tout"])(
      "%s is the 404 page with status 404 and the page policy",
      async (path) => {
        const response = await get(path);
        expect(response.status).toBe(404);
        expect(response.headers.get("content-type")).toMatch(/^text\/html/);
        expect(await response.text()).toContain("Page introuvable");
        expect(response.headers.get("content-security-policy")).toBe(policy(false));
      },
    );

    it("files keep their cache headers and no page policy", async () => {
      const response = await get("/_astro/app.abc123.js");
      expect(response.status).toBe(200);
      expect(response.headers.get("cache-control")).toBe("public,max-age=31536000,immutable");
      expect(response.headers.get("content-security-policy")).toBeNull();
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    });

    it("the API is its function, with the edge key and without the page policy", async () => {
      const response = await get("/api/products/3");
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ area: "catalog", path: "/api/products/3", key: edgeKey });
      expect(response.headers.get("content-security-policy")).toBeNull();
    });
  },
);
