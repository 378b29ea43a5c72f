import { join } from "node:path";
import { EDGE_KEY_VARIABLE } from "../functions/platform/edge-headers";
import { publicReadPolicies } from "../functions/platform/middleware/public-read";
import { validMeasurementId } from "../src/domain/site/consent";
import {
  HSTS_MAX_AGE_SECONDS,
  PERMISSIONS_POLICY,
  staticSecurityHeaders,
} from "../src/domain/site/security-headers";
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

/**
 * The security headers that never vary, on every answer of the Router (pages, files and the API): nosniff, no
 * framing, the referrer policy, HSTS for two years and the browser features the shop does not use switched off.
 * The same values as the local server's (src/domain/site/security-headers.ts). CloudFront adds them to every answer,
 * S3's and the functions' errors included; the per-page Content-Security-Policy is set by the viewer-response function
 * (edge.ts), which runs on answers below 400 only: every page, the 404 page included, reaches it with 200.
 */
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

/**
 * The Router's KeyValueStore, the project's own rather than the one SST would make, so that its ARN can be given to
 * the publish build (infra/publish.ts), which keeps the product pages' keys in step. SST writes its routes and the
 * site's keys into it as into its own (router.ts: a `viewerRequest.kvStore` replaces the Router's store); the
 * viewer-response function reads it too (edge.ts `shopPage`).
 */
export const edgeStore = new aws.cloudfront.KeyValueStore("RouterStore", {
  name: `${$app.name}-${$app.stage}-router`,
  comment: "Savonnerie: SST's routes and site keys, the pages of the build (shop:page:*)",
});

/** Inline scripts' hashes this deploy's sources give (the build refuses any other inline script). */
const scriptHashes = inlineScriptHashes(join($cli.paths.root, "src", "scripts", "inline"));
/** Google's measurement is allowed (after consent) only when the deploy builds the site with a measurement id. */
const analytics = validMeasurementId(process.env.PUBLIC_GA_MEASUREMENT_ID) !== null;

/** The Router's two injections (edge.ts): the pages routed in viewer-request, the 404 status and CSP in viewer-response. */
export const edgeInjections = edgeKey.result.apply((key) =>
  routerInjections({ edgeKey: key, scriptHashes, analytics }),
);

/**
 * The pages `src/pages` declares, one key each, written by every deploy (the dynamic product pages are written by
 * each publish, publish-build.ts). The function reads them: a path that is none of them is answered by the 404 page.
 */
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

/**
 * The 405 answer the viewer-request function gives to a site path's other methods (POST, DELETE, OPTIONS...), in
 * parts (edge.ts `methodNotAllowedKeys`: it carries the page's CSP, too long for the function itself).
 */
export const methodNotAllowedAnswerKeys = methodNotAllowedKeys({ scriptHashes }).map(
  ([key, value]) =>
    new aws.cloudfront.KeyvaluestoreKey(`MethodNotAllowed${key.replace(/[^A-Za-z0-9]/g, "_")}`, {
      keyValueStoreArn: edgeStore.arn,
      key,
      value,
    }),
);

/**
 * The public reads the CDN may keep, as CloudFront path patterns: the catalogue, each product and the
 * public settings (maintenance state included). Their answers say for how long (functions/platform/middleware/
 * public-read.ts: `s-maxage`, `stale-while-revalidate`, `no-store` for an error), read no cookie and set none.
 */
export const publicReadPaths = ["/api/products", "/api/products/*", "/api/settings/*"] as const;

/** The longest an answer of a public read may stay at the edge, whatever the origin says: its longest s-maxage. */
export const publicReadMaxTtl = Math.max(
  ...Object.values(publicReadPolicies).map((policy) => policy.sMaxAge),
);

/**
 * How CloudFront keeps the public reads: as long as the origin's `s-maxage` says (0 when it says nothing, so an
 * answer without Cache-Control is never kept), at most `publicReadMaxTtl`; keyed on the path alone (no cookie, no
 * header, no query: the routes read none, and a `?x=1` cannot make the Lambda answer again); compressed at the edge.
 */
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

/** The Router's component name: its viewer-request function is named after it (cloudfront-function-code.ts). */
const routerName = "Router";

/**
 * The Router's viewer-request function is uploaded minified (cloudfront-function-code.ts): SST's code and the
 * injection above fill 9.9 of CloudFront Functions' 10 KB as SST writes them. SST's Router has no `transform` for its
 * functions, so this is a stack transformation on Pulumi's `aws.cloudfront.Function`: registered before the Router is
 * constructed, which is when Pulumi copies the stack's transformations for the Router's children.
 */
$transform(aws.cloudfront.Function, (args, _opts, name) => {
  if (name !== requestFunctionName(routerName)) return;
  args.code = $util.output(args.code).apply((code) => minifyFunctionCode(code, $cli.paths.root));
});

/**
 * One CloudFront Router in front of everything, so the browser sees a single origin (first-party session cookie,
 * no CORS): each API mount path goes to its area's Lambda, every other path to the static site.
 * Routes match a path and what lies below it (`/api/products` also matches `/api/products/12`), longest first.
 *
 * SST 4.17.1's Router has one cache behaviour for every route (its CloudFront function picks the origin), whose cache
 * policy keeps what the origin allows; every other /api answer says no-store (functions/platform/app.ts). The public reads
 * get behaviours of their own: the same origin choice, functions and headers as the default one, with the policy
 * above (path-only key, bounded lifetime), so what the CDN keeps of the API is declared here.
 */
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
      // SST's routes live in its CloudFront function, not in behaviours: a behaviour here would be a surprise.
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

/**
 * The routes (router-routes.ts, which the edge rehearsal reads too): each API mount to its area's function, the owner's
 * product photos from their private bucket (media.ts) on the same origin as the pages, and /api's fallback.
 */
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

/** The Router's CloudFront distribution: the one that may read the site's bucket. */
export const routerDistributionArn = router.nodes.cdn.apply((cdn) =>
  cdn.nodes.distribution.apply((distribution) => distribution.arn),
);

/**
 * What `astro build` reads from the API (`src/lib/build-api.ts`). The build calls the function URL directly rather
 * than the Router: that URL exists only once the function is deployed, so the build waits for the API it needs, and it
 * does not depend on the Router's routes having reached CloudFront's edge yet. It sends the edge key, without which
 * the function URLs answer 403 (functions/platform/app.ts).
 */
export const siteBuildReads = ["/api/products", "/api/settings"] as const;

const buildApiFunction = functionServing(siteBuildReads[0]);
for (const mount of siteBuildReads) {
  if (functionServing(mount) !== buildApiFunction) {
    throw new Error(`The site build reads ${siteBuildReads.join(" and ")}: they must stay in one API area`);
  }
}

/** SHOP_API_URL of every site build (this deploy's and each publish's, infra/publish.ts): no trailing slash. */
export const siteBuildApiUrl = buildApiFunction.url.apply((url) => url.replace(/\/+$/, ""));

/**
 * Who may cache what, for how long. Astro fingerprints `_astro/`; pages and the PWA's entry files must be revalidated
 * (SST's default would cache every non-HTML file for a year, service worker included). A file matched by several
 * entries gets the last one's options (SST walks the list backwards and keeps the first match).
 */
export const siteFileOptions: sst.aws.StaticSiteFileOptions[] = [
  // Icons, product images, robots.txt...: same name, new content after an edit.
  { files: "**", cacheControl: "public,max-age=3600" },
  { files: "_astro/**", cacheControl: "public,max-age=31536000,immutable" },
  {
    files: ["**/*.html", "sw.js", "registerSW.js", "manifest.webmanifest"],
    cacheControl: "public,max-age=0,must-revalidate",
  },
];

/**
 * The prebuilt storefront (Astro, static output) behind the same Router. Missing pages are decided at the Router's
 * edge before S3 is asked (edge.ts): a tracking link opens the tracking shell, a product without a prebuilt page the
 * product shell, any other path that is no page the 404 page (status 404). `errorPage` only tells SST not to send
 * unknown paths to a single-page-app fallback; the Router's distribution has no custom error pages.
 */
export const site = new sst.aws.StaticSite("Web", {
  path: ".",
  build: { command: "npm run build", output: "dist" },
  environment: {
    SHOP_API_URL: siteBuildApiUrl,
    // The function URLs answer only with the edge key (docs/decisions/031): the build sends it (src/lib/build-api.ts).
    [EDGE_KEY_VARIABLE]: edgeKey.result,
    SITE_URL: router.url,
  },
  errorPage: "404.html",
  // `sst dev` deploys the built site too: the islands call /api on the site's origin, which only the Router provides.
  dev: false,
  router: { instance: router },
  // A copy: SST reverses the list it is given in place.
  assets: { fileOptions: [...siteFileOptions] },
  // Read through the Router's distribution only (AWS:SourceArn), not any CloudFront distribution.
  transform: { assets: { policy: [cloudfrontReadsOnly(routerDistributionArn)] } },
});
