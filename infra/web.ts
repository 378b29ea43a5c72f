import { apiFunctions, functionServing } from "./api";
import { siteErrorResponseInjection } from "./edge";
import { domain } from "./stage";

/**
 * One CloudFront Router in front of everything, so the browser sees a single origin (first-party session cookie,
 * no CORS): each API mount path goes to its area's Lambda, every other path to the static site.
 * Routes match a path and what lies below it (`/api/products` also matches `/api/products/12`), longest first.
 */
export const router = new sst.aws.Router("Router", {
  domain: domain ? { name: domain, redirects: [`www.${domain}`] } : undefined,
  edge: { viewerResponse: { injection: siteErrorResponseInjection } },
});

for (const { area, fn } of apiFunctions) {
  for (const mount of area.mounts) router.route(mount, fn.url);
}

/** Paths under /api that no module mounts still get the API's JSON 404, not the site's HTML. */
export const apiFallbackPath = "/api";
const apiFallback = apiFunctions[0];
if (!apiFallback) throw new Error("functions/api/areas.ts declares no API area");
router.route(apiFallbackPath, apiFallback.fn.url);

/**
 * What `astro build` reads from the API (`src/lib/build-api.ts`). The build calls the function URL directly rather
 * than the Router: that URL exists only once the function is deployed, so the build waits for the API it needs, and it
 * does not depend on the Router's routes having reached CloudFront's edge yet.
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
 * The prebuilt storefront (Astro, static output) behind the same Router. Missing pages are handled at the Router's
 * edge (see edge.ts): product pages created after the build open the product shell, others the 404 page.
 */
export const site = new sst.aws.StaticSite("Web", {
  path: ".",
  build: { command: "npm run build", output: "dist" },
  environment: {
    SHOP_API_URL: siteBuildApiUrl,
    SITE_URL: router.url,
  },
  errorPage: "404.html",
  // `sst dev` deploys the built site too: the islands call /api on the site's origin, which only the Router provides.
  dev: false,
  router: { instance: router },
  // A copy: SST reverses the list it is given in place.
  assets: { fileOptions: [...siteFileOptions] },
});
