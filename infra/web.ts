import { join } from "node:path";
import { EDGE_KEY_VARIABLE } from "../functions/platform/edge-headers";
import { publicReadPolicies } from "../functions/platform/middleware/public-read";
import { validMeasurementId } from "../src/domain/legal/consent";
import {
  HSTS_MAX_AGE_SECONDS,
  PERMISSIONS_POLICY,
  staticSecurityHeaders,
} from "../src/domain/publishing/security-headers";
import { inlineScriptHashes } from "../src/scripts/inline/hashes";
import { apiFunctions, functionServing } from "./api";
import { minifyFunctionCode, requestFunctionName } from "./cloudfront-function-code";
import { cloudfrontReadsOnly } from "./cloudfront-only";
import { methodNotAllowedKeys, pageKey, routerInjections, sitePagePaths } from "./edge";
import { edgeKey } from "./edge-key";
import { mediaBucket } from "./media";
import { routerRoutes } from "./router-routes";
import { domain } from "./stage";

const securityHeaders = staticSecurityHeaders({ https: true });

/** The headers that never vary; the per-page CSP is set by viewer-response (edge.ts). */
export const securityHeadersPolicy = new aws.cloudfront.ResponseHeadersPolicy("SecurityHeaders", {
  name: `${$app.name}-${$app.stage}-security-headers`,
  comment: "Savonnerie: nosniff, DENY, referrer, HSTS, Permissions-Policy",
  securityHeadersConfig: {
    contentTypeOptions: { override: true },
    frameOptions: { frameOption: "DENY", override: true },
    referrerPolicy: { referrerPolicy: securityHeaders["referrer-policy"] ?? "", override: true },
    strictTransportSecurity: {
      accessControlMaxAgeSec: HSTS_MAX_AGE_SECONDS,
      includeSubdomains: true,
      override: true,
    },
  },
  customHeadersConfig: {
    items: [{ header: "Permissions-Policy", value: PERMISSIONS_POLICY, override: true }],
  },
});

/** The project's own, not SST's, so that its ARN can be given to the publish build. */
export const edgeStore = new aws.cloudfront.KeyValueStore("RouterStore", {
  name: `${$app.name}-${$app.stage}-router`,
  comment: "Savonnerie: SST's routes and site keys, the pages of the build (shop:page:*)",
});

const scriptHashes = inlineScriptHashes(join($cli.paths.root, "src", "scripts", "inline"));
const analytics = validMeasurementId(process.env.PUBLIC_GA_MEASUREMENT_ID) !== null;

export const edgeInjections = edgeKey.result.apply((key) =>
  routerInjections({ edgeKey: key, scriptHashes, analytics }),
);

export const sitePageKeys = sitePagePaths(join($cli.paths.root, "src", "pages")).map(
  (path) =>
    new aws.cloudfront.KeyvaluestoreKey(
      `SitePage${path === "/" ? "Home" : path.replace(/[^A-Za-z0-9]/g, "_")}`,
      {
        keyValueStoreArn: edgeStore.arn,
        key: pageKey(path),
        value: "1",
      },
    ),
);

/** With the page's CSP the 405 answer is too long for the function (edge.ts). */
export const methodNotAllowedAnswerKeys = methodNotAllowedKeys({ scriptHashes }).map(
  ([key, value]) =>
    new aws.cloudfront.KeyvaluestoreKey(`MethodNotAllowed${key.replace(/[^A-Za-z0-9]/g, "_")}`, {
      keyValueStoreArn: edgeStore.arn,
      key,
      value,
    }),
);

/** The public reads the CDN may keep (functions/platform/middleware/public-read.ts). */
export const publicReadPaths = ["/api/products", "/api/products/*", "/api/settings/*"] as const;

export const publicReadMaxTtl = Math.max(
  ...Object.values(publicReadPolicies).map((policy) => policy.sMaxAge),
);

/** Keyed on the path alone, so a `?x=1` cannot make the Lambda answer again. */
export const publicReadCachePolicy = new aws.cloudfront.CachePolicy("PublicReadCache", {
  name: `${$app.name}-${$app.stage}-public-reads`,
  comment: "Savonnerie: catalogue and public settings, as long as the API's s-maxage says",
  minTtl: 0,
  defaultTtl: 0,
  maxTtl: publicReadMaxTtl,
  parametersInCacheKeyAndForwardedToOrigin: {
    cookiesConfig: { cookieBehavior: "none" },
    headersConfig: { headerBehavior: "none" },
    queryStringsConfig: { queryStringBehavior: "none" },
    enableAcceptEncodingBrotli: true,
    enableAcceptEncodingGzip: true,
  },
});

const routerName = "Router";

/**
 * Minified: SST's code and the injection fill 9.9 of CloudFront Functions' 10 KB. SST's Router has no `transform` for
 * its functions, hence a stack transformation registered before the Router is constructed.
 */
$transform(aws.cloudfront.Function, (args, _opts, name) => {
  if (name !== requestFunctionName(routerName)) return;
  args.code = $util.output(args.code).apply((code) => minifyFunctionCode(code, $cli.paths.root));
});

/** One Router in front of everything: one origin for the browser (first-party session cookie, no CORS). */
export const router = new sst.aws.Router(routerName, {
  domain: domain ? { name: domain, redirects: [`www.${domain}`] } : undefined,
  edge: {
    viewerRequest: { injection: edgeInjections.apply((edge) => edge.viewerRequest), kvStore: edgeStore.arn },
    viewerResponse: {
      injection: edgeInjections.apply((edge) => edge.viewerResponse),
      kvStore: edgeStore.arn,
    },
  },
  transform: {
    cdn: (args) => {
      const base = { ...args.defaultCacheBehavior, responseHeadersPolicyId: securityHeadersPolicy.id };
      args.defaultCacheBehavior = base;
      if (args.orderedCacheBehaviors)
        throw new Error("SST's Router now declares cache behaviours: check the public reads' ones");
      args.orderedCacheBehaviors = publicReadPaths.map((pathPattern) => ({
        ...base,
        pathPattern,
        cachePolicyId: publicReadCachePolicy.id,
        compress: true,
      }));
      return undefined;
    },
  },
});

const functionOfArea = new Map(apiFunctions.map(({ area, fn }) => [area.name, fn]));
for (const route of routerRoutes(apiFunctions.map(({ area }) => area))) {
  if (route.kind === "bucket") {
    router.routeBucket(route.pattern, mediaBucket);
    continue;
  }
  const fn = functionOfArea.get(route.area);
  if (!fn) throw new Error(`No function for the API area ${route.area}`);
  router.route(route.pattern, fn.url);
}

export const routerDistributionArn = router.nodes.cdn.apply((cdn) =>
  cdn.nodes.distribution.apply((distribution) => distribution.arn),
);

/** The build calls the function URL, not the Router, whose routes may not have reached the edge yet. */
export const siteBuildReads = ["/api/products", "/api/settings"] as const;

const buildApiFunction = functionServing(siteBuildReads[0]);
for (const mount of siteBuildReads) {
  if (functionServing(mount) !== buildApiFunction) {
    throw new Error(`The site build reads ${siteBuildReads.join(" and ")}: they must stay in one API area`);
  }
}

export const siteBuildApiUrl = buildApiFunction.url.apply((url) => url.replace(/\/+$/, ""));

/** SST's default caches every non-HTML file for a year, service worker included; SST keeps the last match. */
export const siteFileOptions: sst.aws.StaticSiteFileOptions[] = [
  { files: "**", cacheControl: "public,max-age=3600" },
  { files: "_astro/**", cacheControl: "public,max-age=31536000,immutable" },
  {
    files: ["**/*.html", "sw.js", "registerSW.js", "manifest.webmanifest"],
    cacheControl: "public,max-age=0,must-revalidate",
  },
];

/** `errorPage` only keeps SST from a single-page-app fallback; missing pages are decided at the edge (edge.ts). */
export const site = new sst.aws.StaticSite("Web", {
  path: ".",
  build: { command: "npm run build", output: "dist" },
  environment: {
    SHOP_API_URL: siteBuildApiUrl,
    // docs/decisions/031.
    [EDGE_KEY_VARIABLE]: edgeKey.result,
    SITE_URL: router.url,
  },
  errorPage: "404.html",
  // The islands call /api on the site's origin, which only the Router provides.
  dev: false,
  router: { instance: router },
  // A copy: SST reverses the list it is given in place.
  assets: { fileOptions: [...siteFileOptions] },
  // Read through the Router's distribution only (AWS:SourceArn), not any CloudFront distribution.
  transform: { assets: { policy: [cloudfrontReadsOnly(routerDistributionArn)] } },
});
