/**
 * What `sst deploy` would declare, checked without AWS: sst.config.ts and infra/*.ts run against recording stubs of
 * SST's globals (tests/infra/sst-stubs.ts). The key check: every route module the API mounts is served by a declared
 * Lambda and reachable through the Router.
 */
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { apiAreas } from "../../functions/api/areas";
import { routeModules } from "../../functions/api/modules";
import { tableAttributes, tableDefinition } from "../../functions/db/table";
import { notFoundPagePath, productShellPath, siteErrorResponseInjection } from "../../infra/edge";
import { lambdaExternal } from "../../infra/lambda-bundle";
import { type Deployment, deepKnown, deploy, known, restoreSstStubs } from "./sst-stubs";

const root = resolve(import.meta.dirname, "../..");
const devEnv = { SHOP_DOMAIN: undefined, SHOP_EMAIL_SENDER: "boutique@example.fr" };
const productionEnv = { SHOP_DOMAIN: "savon.example.fr", SHOP_EMAIL_SENDER: undefined };

afterEach(restoreSstStubs);

function single<T>(items: readonly T[], what: string): T {
  expect(items, `exactly one ${what}`).toHaveLength(1);
  return items[0] as T;
}

function tableOf(deployment: Deployment) {
  return single(deployment.recording.tables, "DynamoDB table");
}

function functionOfArea(deployment: Deployment, area: string) {
  const handler = `functions/api/lambda/${area}.handler`;
  const matches = deployment.recording.functions.filter(({ args }) => known(args.handler) === handler);
  return single(matches, `function with handler ${handler}`);
}

/**
 * Which origin CloudFront picks for a path, as the CloudFront function of SST 4.17.1's Router does
 * (platform/src/components/aws/router.ts): the longest route path that is the URI or a parent of it.
 * The site is routed at the root, so it gets the rest.
 */
function originFor(deployment: Deployment, uri: string): string {
  const site = single(deployment.recording.sites, "static site");
  const sitePath = known(site.args?.router?.path) ?? "";
  const routes = [
    ...deployment.recording.routes.map(({ pattern, url }) => ({ path: pattern, origin: url })),
    { path: sitePath === "/" ? "" : sitePath, origin: "site" },
  ];
  let best: { path: string; origin: string } | undefined;
  for (const route of routes) {
    if (best && route.path.length < best.path.length) continue;
    const matches =
      uri.startsWith(route.path) &&
      (uri === route.path || route.path.endsWith("/") || uri[route.path.length] === "/" || route.path === "");
    if (matches) best = route;
  }
  if (!best) throw new Error(`No route for ${uri}`);
  return best.origin;
}

describe("app settings", () => {
  it("keeps production's resources when the stage is removed, and protects them", async () => {
    const { app } = await deploy("production", productionEnv);
    expect(app).toMatchObject({ name: "savon-shop", home: "aws", removal: "retain", protect: true });
    expect(app.providers).toEqual({ aws: { region: "eu-west-3" } });
  });

  it("lets other stages be removed entirely", async () => {
    const { app } = await deploy("dev", devEnv);
    expect(app).toMatchObject({ name: "savon-shop", home: "aws", removal: "remove", protect: false });
  });

  it("refuses to deploy without an e-mail sender, naming the setting", async () => {
    await expect(deploy("dev", { SHOP_DOMAIN: undefined, SHOP_EMAIL_SENDER: undefined })).rejects.toThrow(
      /SHOP_EMAIL_SENDER/,
    );
  });
});

describe("the table", () => {
  it("has exactly the keys, indexes and TTL of functions/db/table.ts", async () => {
    const { args } = tableOf(await deploy("dev", devEnv));

    const fields = deepKnown(args.fields) as Record<string, string>;
    expect(Object.keys(fields).sort()).toEqual([...tableAttributes].sort());
    expect(new Set(Object.values(fields))).toEqual(new Set(["string"]));
    expect(fields).not.toHaveProperty(tableDefinition.ttlAttribute);

    expect(deepKnown(args.primaryIndex)).toEqual({
      hashKey: tableDefinition.partitionKey,
      rangeKey: tableDefinition.sortKey,
    });
    const indexes = deepKnown(args.globalIndexes) as Record<string, { hashKey: string; rangeKey: string }>;
    expect(Object.keys(indexes).sort()).toEqual(Object.keys(tableDefinition.globalIndexes).sort());
    for (const [name, [hashKey, rangeKey]] of Object.entries(tableDefinition.globalIndexes)) {
      expect(indexes[name], name).toMatchObject({ hashKey, rangeKey });
      expect(indexes[name], name).not.toHaveProperty("projection", "keys-only");
    }
    expect(known(args.ttl)).toBe(tableDefinition.ttlAttribute);
  });

  it("is protected from deletion and recoverable to the second in production", async () => {
    const { args } = tableOf(await deploy("production", productionEnv));
    expect(known(args.deletionProtection)).toBe(true);
    expect(deepKnown(args.transform?.table)).toEqual({ pointInTimeRecovery: { enabled: true } });
  });

  it("stays disposable on other stages", async () => {
    const { args } = tableOf(await deploy("dev", devEnv));
    expect(known(args.deletionProtection)).toBe(false);
    expect(deepKnown(args.transform?.table)).toEqual({ pointInTimeRecovery: { enabled: false } });
  });
});

describe("the API functions", () => {
  it("declares one Lambda per area, whose handler file exists", async () => {
    const deployment = await deploy("dev", devEnv);
    expect(deployment.recording.functions).toHaveLength(apiAreas.length);
    for (const area of apiAreas) {
      functionOfArea(deployment, area.name);
      const file = resolve(root, `functions/api/lambda/${area.name}.ts`);
      expect(existsSync(file), `${file} exists`).toBe(true);
    }
  });

  it("runs each on Node 24, arm64, 512 MB, 20 s, with a URL that sends no CORS headers", async () => {
    const deployment = await deploy("dev", devEnv);
    for (const area of apiAreas) {
      const { args } = functionOfArea(deployment, area.name);
      expect(known(args.runtime), area.name).toBe("nodejs24.x");
      expect(known(args.architecture), area.name).toBe("arm64");
      expect(known(args.memory), area.name).toBe("512 MB");
      expect(known(args.timeout), area.name).toBe("20 seconds");
      expect(deepKnown(args.url), area.name).toEqual({ cors: false });
      // The bundle budget test (tests/budgets) measures bundles built with these externals.
      expect(deepKnown(args.nodejs), area.name).toEqual({ esbuild: { external: lambdaExternal } });
    }
  });

  it("links each to the table and the e-mail identity, and names them in its environment", async () => {
    const deployment = await deploy("dev", devEnv);
    const table = tableOf(deployment);
    const email = single(deployment.recording.emails, "e-mail identity");
    for (const area of apiAreas) {
      const { args } = functionOfArea(deployment, area.name);
      expect(known(args.link), area.name).toEqual(expect.arrayContaining([table.instance, email.instance]));
      expect(deepKnown(args.environment), area.name).toEqual({
        TABLE_NAME: "savon-shop-dev-TableTable",
        MAIL_FROM: "boutique@example.fr",
      });
    }
  });
});

describe("scheduled jobs", () => {
  it("releases expired PayPal holds every 5 minutes with the API's runtime, table and environment", async () => {
    const deployment = await deploy("dev", devEnv);
    const cron = single(
      deployment.recording.crons.filter(({ name }) => name === "ReleaseHolds"),
      "ReleaseHolds cron job",
    );
    expect(known(cron.args.schedule)).toBe("rate(5 minutes)");
    const fn = deepKnown(cron.args.function) as sst.aws.FunctionArgs;
    expect(fn.handler).toBe("functions/jobs/release-holds.handler");
    expect(existsSync(resolve(root, "functions/jobs/release-holds.ts"))).toBe(true);
    const table = tableOf(deployment);
    expect(known((cron.args.function as sst.aws.FunctionArgs).link)).toEqual(
      expect.arrayContaining([table.instance]),
    );
    expect(fn.runtime).toBe("nodejs24.x");
    expect(fn.environment).toMatchObject({ TABLE_NAME: "savon-shop-dev-TableTable" });
  });

  it("reconciles PayPal orders every night with PayPal, with the API's runtime and table and minutes to do it", async () => {
    const deployment = await deploy("dev", devEnv);
    expect(deployment.recording.crons.map(({ name }) => name).sort()).toEqual([
      "ReconcilePaypal",
      "ReleaseHolds",
    ]);
    const cron = single(
      deployment.recording.crons.filter(({ name }) => name === "ReconcilePaypal"),
      "ReconcilePaypal cron job",
    );
    expect(known(cron.args.schedule)).toBe("cron(0 3 * * ? *)");
    const fn = deepKnown(cron.args.function) as sst.aws.FunctionArgs;
    expect(fn.handler).toBe("functions/jobs/reconcile-paypal.handler");
    expect(existsSync(resolve(root, "functions/jobs/reconcile-paypal.ts"))).toBe(true);
    const table = tableOf(deployment);
    expect(known((cron.args.function as sst.aws.FunctionArgs).link)).toEqual(
      expect.arrayContaining([table.instance]),
    );
    expect(fn.runtime).toBe("nodejs24.x");
    expect(fn.timeout).toBe("5 minutes");
    expect(fn.environment).toMatchObject({ TABLE_NAME: "savon-shop-dev-TableTable" });
  });
});

describe("the router", () => {
  it("serves every route module the API mounts from exactly one declared Lambda", async () => {
    const deployment = await deploy("dev", devEnv);
    for (const mount of Object.keys(routeModules)) {
      const areas = apiAreas.filter((area) => (area.mounts as readonly string[]).includes(mount));
      expect(
        areas.map((area) => area.name),
        `${mount} is in exactly one area of functions/api/areas.ts`,
      ).toHaveLength(1);
      const fn = functionOfArea(deployment, areas[0]?.name ?? "");
      const url = known(fn.instance.url);
      // Its own route, not the /api fallback (which may point at the same function).
      expect(deployment.recording.routes, mount).toContainEqual({ router: "Router", pattern: mount, url });
      expect(originFor(deployment, mount), mount).toBe(url);
      expect(originFor(deployment, `${mount}/12`), `${mount}/12`).toBe(url);
    }
  });

  it("mounts nothing that has no route module", async () => {
    for (const area of apiAreas) {
      for (const mount of area.mounts) expect(Object.keys(routeModules), area.name).toContain(mount);
    }
  });

  it("routes each mount path of each area to that area's function, and only once", async () => {
    const deployment = await deploy("dev", devEnv);
    const patterns = deployment.recording.routes.map(({ pattern }) => pattern);
    expect(new Set(patterns).size, "no path routed twice").toBe(patterns.length);
    for (const area of apiAreas) {
      const url = known(functionOfArea(deployment, area.name).instance.url);
      for (const mount of area.mounts) {
        expect(deployment.recording.routes, mount).toContainEqual({ router: "Router", pattern: mount, url });
      }
    }
  });

  it("answers unknown /api paths from the API (JSON 404), never from the site", async () => {
    const deployment = await deploy("dev", devEnv);
    const apiUrls = deployment.recording.functions.map(({ instance }) => known(instance.url));
    for (const uri of ["/api", "/api/nope", "/api/productsX", "/api/auth/signin"]) {
      expect(apiUrls, uri).toContain(originFor(deployment, uri));
    }
  });

  it("sends everything else to the static site", async () => {
    const deployment = await deploy("dev", devEnv);
    for (const uri of ["/", "/product/12", "/product/", "/cart", "/_astro/app.js", "/apiary", "/404.html"]) {
      expect(originFor(deployment, uri), uri).toBe("site");
    }
  });

  it("uses the shop's domain in production when SHOP_DOMAIN is set, with www redirected", async () => {
    const deployment = await deploy("production", productionEnv);
    const router = single(deployment.recording.routers, "router");
    expect(deepKnown(router.args?.domain)).toEqual({
      name: "savon.example.fr",
      redirects: ["www.savon.example.fr"],
    });
    expect(deployment.outputs).toMatchObject({ url: expect.any(Object) });
    expect(known(deployment.outputs?.url as $util.Output<string>)).toBe("https://savon.example.fr");
  });

  it("uses the CloudFront URL on other stages", async () => {
    const deployment = await deploy("dev", { ...devEnv, SHOP_DOMAIN: "savon.example.fr" });
    expect(known(single(deployment.recording.routers, "router").args?.domain)).toBeUndefined();
  });
});

describe("the static site", () => {
  it("is built by Astro behind the Router, at the root", async () => {
    const deployment = await deploy("dev", devEnv);
    const router = single(deployment.recording.routers, "router");
    const { args } = single(deployment.recording.sites, "static site");
    expect(known(args?.path)).toBe(".");
    expect(deepKnown(args?.build)).toEqual({ command: "npm run build", output: "dist" });
    expect(known(args?.router?.instance)).toBe(router.instance);
    expect(known(args?.router?.path)).toBeUndefined();
    expect(known(args?.errorPage)).toBe("404.html");
    expect(args?.dev).toBe(false);
  });

  it("builds from the deployed API (so after it) and knows its public URL", async () => {
    const deployment = await deploy("production", productionEnv);
    const { args } = single(deployment.recording.sites, "static site");
    const catalog = apiAreas.find((area) => (area.mounts as readonly string[]).includes("/api/products"));
    const catalogUrl = known(functionOfArea(deployment, catalog?.name ?? "").instance.url) ?? "";
    const environment = deepKnown(args?.environment) as Record<string, string>;
    // The function's own URL: an Output of the deployed function, without the trailing slash.
    expect(environment.SHOP_API_URL).toBe(catalogUrl.replace(/\/$/, ""));
    expect(environment.SITE_URL).toBe("https://savon.example.fr");
    expect(originFor(deployment, "/api/settings/company")).toBe(catalogUrl);
  });

  it("lets browsers keep Astro's fingerprinted files, and revalidate pages", async () => {
    const deployment = await deploy("dev", devEnv);
    const { args } = single(deployment.recording.sites, "static site");
    const fileOptions = deepKnown(args?.assets?.fileOptions) as sst.aws.StaticSiteFileOptions[];
    // SST gives a file the options of the last entry that matches it.
    expect(fileOptions.at(-1)).toMatchObject({ cacheControl: expect.stringContaining("max-age=0") });
    expect([fileOptions.at(-1)?.files].flat()).toContain("**/*.html");
    expect(fileOptions).toContainEqual({
      files: "_astro/**",
      cacheControl: expect.stringContaining("immutable"),
    });
  });
});

describe("missing site pages at the Router's edge", () => {
  it("is the Router's viewer-response code", async () => {
    const deployment = await deploy("dev", devEnv);
    const router = single(deployment.recording.routers, "router");
    expect(deepKnown(router.args?.edge?.viewerResponse)).toEqual({ injection: siteErrorResponseInjection });
  });

  interface EdgeResponse {
    statusCode: number;
    statusDescription?: string;
    headers: Record<string, { value: string }>;
  }

  /** Runs the injected code as CloudFront would: inside `async function handler(event) { ...; return response }`. */
  async function viewerResponse(uri: string, statusCode: number): Promise<EdgeResponse> {
    const AsyncFunction = (async () => undefined).constructor as new (
      ...args: string[]
    ) => (event: unknown) => Promise<EdgeResponse>;
    const handler = new AsyncFunction("event", `${siteErrorResponseInjection}\nreturn event.response;`);
    return handler({
      request: { uri, method: "GET", headers: {}, querystring: {}, cookies: {} },
      response: { statusCode, statusDescription: "", headers: { "content-type": { value: "text/html" } } },
    });
  }

  it.each([
    ["/product/42", "/product/?id=42"],
    ["/product/42/", "/product/?id=42"],
    ["/product/42/index.html", "/product/?id=42"],
    ["/faq/nope", notFoundPagePath],
    ["/nope", notFoundPagePath],
    ["/product/abc", notFoundPagePath],
    ["/product/", notFoundPagePath],
    ["/orders/track/01KBQ9ZJ4M5N6P7Q8R9S0T1V2W", "/orders/track/?id=01KBQ9ZJ4M5N6P7Q8R9S0T1V2W"],
    ["/orders/track/x/y", notFoundPagePath],
  ])("redirects %s, which the build did not produce, to %s", async (uri, location) => {
    for (const status of [403, 404]) {
      const response = await viewerResponse(uri, status);
      expect(response.statusCode).toBe(302);
      expect(response.headers.location?.value).toBe(location);
      expect(response.headers["cache-control"]?.value).toBe("no-store");
    }
  });

  it("sends product pages to the shell the build produces", () => {
    expect(productShellPath).toBe("/product/");
    expect(notFoundPagePath).toBe("/404.html");
  });

  it("leaves prebuilt pages alone", async () => {
    for (const uri of ["/product/42", "/product/42/index.html", "/", "/product/"]) {
      const response = await viewerResponse(uri, 200);
      expect(response.statusCode, uri).toBe(200);
      expect(response.headers.location, uri).toBeUndefined();
    }
  });

  it("answers the 404 page with status 404, and never redirects to it in a loop", async () => {
    expect((await viewerResponse(notFoundPagePath, 200)).statusCode).toBe(404);
    const missing = await viewerResponse(notFoundPagePath, 403);
    expect(missing.statusCode).toBe(404);
    expect(missing.headers.location).toBeUndefined();
  });

  it("never touches the API's answers", async () => {
    for (const [uri, status] of [
      ["/api/products/999", 404],
      ["/api/admin/stats", 403],
      ["/api", 404],
    ] as const) {
      const response = await viewerResponse(uri, status);
      expect(response.statusCode, uri).toBe(status);
      expect(response.headers.location, uri).toBeUndefined();
    }
  });
});

describe("e-mail", () => {
  it("sends from the shop's domain in production", async () => {
    const deployment = await deploy("production", productionEnv);
    const email = single(deployment.recording.emails, "e-mail identity");
    expect(known(email.args.sender)).toBe("savon.example.fr");
    expect(deployment.outputs?.mailFrom).toBe("boutique@savon.example.fr");
  });

  it("sends from SHOP_EMAIL_SENDER when set", async () => {
    const deployment = await deploy("production", {
      ...productionEnv,
      SHOP_EMAIL_SENDER: "contact@savon.example.fr",
    });
    expect(known(single(deployment.recording.emails, "e-mail identity").args.sender)).toBe(
      "contact@savon.example.fr",
    );
    expect(deployment.outputs?.mailFrom).toBe("contact@savon.example.fr");
  });
});
