/**
 * What `sst deploy` would declare, checked without AWS: sst.config.ts and infra/*.ts run against recording stubs of
 * SST's globals (tests/infra/sst-stubs.ts). The key check: every route module the API mounts is served by a declared
 * Lambda and reachable through the Router.
 */
import { existsSync, readFileSync, rmSync } from "node:fs";
import { resolve } from "node:path";
import { inflateRawSync } from "node:zlib";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { apiAreas } from "../../functions/main/areas";
import { SITE_PUBLISH_QUEUE_URL } from "../../functions/main/deps-from-env";
import { routeModules } from "../../functions/main/modules";
import { tableAttributes, tableDefinition } from "../../functions/platform/db/table";
import { finalBuildStates } from "../../functions/publishing/jobs/publish-result";
import { SITE_PUBLISH_COVERS, SITE_PUBLISH_PROJECT } from "../../functions/publishing/jobs/publish-site";
import {
  notFoundPagePath,
  pageKey,
  productShellPath,
  routerInjections,
  shopPageFunction,
  trackingShellPath,
} from "../../infra/edge";
import { lambdaEsbuild } from "../../infra/lambda-bundle";
import { type FileOption, publishBuildVariables } from "../../infra/publish-build";
import { siteSourcePaths } from "../../infra/source-archive";
import { PUBLISH_TIMEOUT_MS } from "../../src/domain/publishing/publishing";
import { runInjection } from "../edge/cloudfront-functions";
import { deployedPageKeys, globMatches } from "../edge/router-config";
import {
  devEnv,
  otherRights,
  productionEnv,
  queueNamed,
  resourcesOf,
  single,
  subscriptionTo,
} from "./recorded";
import {
  type Deployment,
  deepKnown,
  deploy,
  FileAsset,
  known,
  type RecordedResource,
  restoreSstStubs,
  sstWorkDir,
} from "./sst-stubs";

const root = resolve(import.meta.dirname, "../..");

afterEach(restoreSstStubs);
afterAll(() => rmSync(sstWorkDir, { recursive: true, force: true }));

function tableOf(deployment: Deployment) {
  return single(deployment.recording.tables, "DynamoDB table");
}

function functionOfArea(deployment: Deployment, area: string) {
  const handler = `functions/main/lambda/${area}.handler`;
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
    // random: the edge key (tests/infra/edge-key.test.ts).
    expect(app.providers).toEqual({ aws: { region: "eu-west-3" }, random: true });
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
  it("has exactly the keys, indexes and TTL of functions/platform/db/table.ts", async () => {
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
    const apiFunctions = deployment.recording.functions.filter(({ args }) =>
      String(known(args.handler)).startsWith("functions/main/lambda/"),
    );
    expect(apiFunctions).toHaveLength(apiAreas.length);
    for (const area of apiAreas) {
      functionOfArea(deployment, area.name);
      const file = resolve(root, `functions/main/lambda/${area.name}.ts`);
      expect(existsSync(file), `${file} exists`).toBe(true);
    }
  });

  it("runs each on Node 24, arm64, 512 MB (the photos one 1536), 20 s, with a URL that sends no CORS headers", async () => {
    const deployment = await deploy("dev", devEnv);
    for (const area of apiAreas) {
      const { args } = functionOfArea(deployment, area.name);
      expect(known(args.runtime), area.name).toBe("nodejs24.x");
      expect(known(args.architecture), area.name).toBe("arm64");
      expect(known(args.memory), area.name).toBe(area.name === "photos" ? "1536 MB" : "512 MB");
      expect(known(args.timeout), area.name).toBe("20 seconds");
      expect(deepKnown(args.url), area.name).toEqual({ cors: false });
      // The bundle budget test (tests/budgets) measures bundles built with these options (api-bundle-options.test.ts).
      expect(deepKnown(args.nodejs), area.name).toEqual({
        esbuild: lambdaEsbuild(area.name),
        // sharp is native: installed for the function's platform, only where photos are resized.
        ...(area.name === "photos" ? { install: ["sharp"] } : {}),
      });
    }
  });

  it("links none to anything (its rights are listed: least-privilege.test.ts), and names the table and the sender in its environment", async () => {
    const deployment = await deploy("dev", devEnv);
    for (const area of apiAreas) {
      const { args } = functionOfArea(deployment, area.name);
      expect(known(args.link), area.name).toBeUndefined();
      expect(deepKnown(args.environment), area.name).toEqual({
        TABLE_NAME: "savon-shop-dev-TableTable",
        MAIL_FROM: "boutique@example.fr",
        SITE_PUBLISH_QUEUE_URL:
          "https://sqs.eu-west-3.amazonaws.com/123456789012/savon-shop-dev-SitePublishQueue",
        // Forgot password, the stock alerts and the waitlist hand their mails to the account mail queue
        // (tests/infra/account-mail.test.ts).
        ...(["accounts", "orders", "payments", "admin", "documents"].includes(area.name)
          ? {
              ACCOUNT_MAIL_QUEUE_URL:
                "https://sqs.eu-west-3.amazonaws.com/123456789012/savon-shop-dev-AccountMailQueue",
            }
          : {}),
        // The shop's secrets' key, usable only by the functions granted it (tests/infra/secrets.test.ts).
        SECRETS_KMS_KEY: "arn:aws:kms:eu-west-3:123456789012:key/PaypalSecretKey-a1b2c3d-key-id",
        // The Router's requests carry the visitor's address with it (tests/infra/edge-key.test.ts).
        SHOP_EDGE_KEY: expect.stringMatching(/^EdgeKey-secret-x+$/),
        // Product photos: the bucket's name, given to the photos function only (tests/infra/media.test.ts).
        ...(area.name === "photos" ? { MEDIA_BUCKET: "savon-shop-dev-media-bucket" } : {}),
        // Label PDFs: the private bucket's name, given to the shipping function (read, write) and to the accounts and
        // documents functions (an erased account's, or guest's, labels deleted) only (tests/infra/documents.test.ts).
        ...(["shipping", "accounts", "documents"].includes(area.name)
          ? { DOCUMENTS_BUCKET: "savon-shop-dev-documents-bucket" }
          : {}),
      });
    }
  });
});

// The scheduled jobs: tests/infra/jobs.test.ts.

describe("the router", () => {
  it("serves every route module the API mounts from exactly one declared Lambda", async () => {
    const deployment = await deploy("dev", devEnv);
    for (const mount of Object.keys(routeModules)) {
      const areas = apiAreas.filter((area) => (area.mounts as readonly string[]).includes(mount));
      expect(
        areas.map((area) => area.name),
        `${mount} is in exactly one area of functions/main/areas.ts`,
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
  /**
   * Decided in viewer-request, before S3 is asked: CloudFront runs no viewer-response function on an origin answer of
   * 400 or more (S3's 403 for a missing key). The whole path through SST's code, S3 and the API is rehearsed in
   * tests/edge/rehearsal.test.ts; here, the decision itself on a store holding the deploy's page keys and product 3.
   */
  const pageStore = new Map([...deployedPageKeys(), [pageKey("/product/3"), "1"]]);
  const edgeKey = "k".repeat(48);

  async function route(uri: string, store = pageStore): Promise<string> {
    const { viewerRequest } = routerInjections({ edgeKey, scriptHashes: [], analytics: false });
    const result = await runInjection(
      viewerRequest,
      "viewer-request",
      { uri, headers: { host: { value: "savon.example.fr" } } },
      { store },
    );
    return (result as { uri: string }).uri;
  }

  it("is the Router's viewer-request code, reading the Router's own KeyValueStore", async () => {
    const deployment = await deploy("dev", devEnv);
    const router = single(deployment.recording.routers, "router");
    const edge = deepKnown(router.args?.edge) as { viewerRequest: { injection: string; kvStore: string } };
    expect(edge.viewerRequest.injection).toContain(shopPageFunction);
    const store = single(
      deployment.recording.resources.filter(
        ({ type }) => type === "aws:cloudfront/keyValueStore:KeyValueStore",
      ),
      "store",
    );
    expect(edge.viewerRequest.kvStore).toBe(known(store.instance.arn));
  });

  it.each([
    ["/orders/track/01KBQ9ZJ4M5N6P7Q8R9S0T1V2W", trackingShellPath],
    ["/orders/track/01KBQ9ZJ4M5N6P7Q8R9S0T1V2W/", trackingShellPath],
    ["/product/42", productShellPath],
    ["/product/42/", productShellPath],
    ["/product/abc", productShellPath],
    ["/faq/nope", notFoundPagePath],
    ["/nope", notFoundPagePath],
    ["/orders/track/x/y", notFoundPagePath],
  ])("serves %s, which the build did not produce, from %s", async (uri, served) => {
    expect(await route(uri)).toBe(served);
  });

  it("leaves prebuilt pages, files, the API and the photos alone", async () => {
    for (const uri of [
      "/",
      "/index.html",
      "/faq",
      "/faq/",
      "/product/3",
      "/product/3/index.html",
      "/product/",
      "/orders/track/",
      "/_astro/app.js",
      "/sitemap.xml",
      "/api/products/999",
      "/api",
      "/media/products/3/a-640.webp",
    ]) {
      expect(await route(uri), uri).toBe(uri);
    }
  });

  it("sends product pages to the shell the build produces", () => {
    expect(productShellPath).toBe("/product/");
    expect(notFoundPagePath).toBe("/404.html");
  });

  it("knows every page src/pages declares, and the 404 page is none of them", () => {
    const paths = deployedPageKeys().map(([key]) => key);
    for (const page of [
      "/",
      "/faq",
      "/cart",
      "/Cart",
      "/payment",
      "/Payment",
      "/orders",
      "/orders/track",
      "/product",
    ]) {
      expect(paths).toContain(pageKey(page));
    }
    expect(paths).not.toContain(pageKey("/404"));
    expect(paths.some((key) => key.includes("["))).toBe(false);
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

describe("publishing (issue 13)", () => {
  const productionDeploy = () => deploy("production", productionEnv);

  const projectOf = (deployment: Deployment) =>
    single(resourcesOf(deployment, "aws:codebuild/project:Project"), "CodeBuild project");
  const catalogUrl = (deployment: Deployment) => {
    const catalog = apiAreas.find((area) => (area.mounts as readonly string[]).includes("/api/products"));
    return known(functionOfArea(deployment, catalog?.name ?? "").instance.url) ?? "";
  };
  const buildVariables = (project: RecordedResource) =>
    Object.fromEntries(
      (
        deepKnown(project.args.environment) as { environmentVariables: { name: string; value: string }[] }
      ).environmentVariables.map(({ name, value }) => [name, value]),
    );
  const buildspecOf = (project: RecordedResource) =>
    (deepKnown(project.args.source) as { buildspec: string }).buildspec;
  const siteOf = (deployment: Deployment) => single(deployment.recording.sites, "static site");
  const siteBucketOf = (deployment: Deployment) =>
    siteOf(deployment).instance.nodes.assets as {
      name: $util.Output<string>;
      arn: $util.Output<string>;
    };
  const routerOf = (deployment: Deployment) => single(deployment.recording.routers, "router");
  const queueOf = (deployment: Deployment) => queueNamed(deployment, "SitePublish");
  const subscriptionOf = (deployment: Deployment) => subscriptionTo(deployment, "SitePublish");
  const resultFunctionOf = (deployment: Deployment) =>
    single(
      deployment.recording.functions.filter(
        ({ args }) => known(args.handler) === "functions/main/jobs/publish-result.handler",
      ),
      "publish result function",
    );

  /** The commands of one phase of the buildspec, read back from its single-quoted YAML scalars. */
  function phaseCommands(buildspec: string, phase: string): string[] {
    const lines = buildspec.split("\n");
    const start = lines.indexOf(`  ${phase}:`);
    expect(start, `phase ${phase}`).toBeGreaterThan(0);
    const commands: string[] = [];
    for (const line of lines.slice(start + 1)) {
      // The end of the phases: another phase, or a top-level section (the cache).
      if (/^ {0,2}\S/.test(line) || line === "") break;
      const command = /^ {6}- '((?:[^']|'')*)'$/.exec(line);
      if (command?.[1] !== undefined) commands.push(command[1].replace(/''/g, "'"));
      else expect(line, "a buildspec line").toMatch(/^ {4}(commands|runtime-versions):$|^ {6}nodejs: \d+$/);
    }
    return commands;
  }

  /** A shell command's words, with double quotes removed (the commands use no other quoting). */
  const words = (command: string) =>
    [...command.matchAll(/"((?:\\.|[^"\\])*)"|(\S+)/g)].map((match) => match[1] ?? match[2] ?? "");

  /** Files in `dist/` an `aws s3 cp --recursive` uploads: AWS CLI filters, `*` matching `/`, the last match winning. */
  function cliUploads(command: string, file: string): boolean {
    const argv = words(command);
    let included = true;
    argv.forEach((word, index) => {
      if (word !== "--exclude" && word !== "--include") return;
      const pattern = argv[index + 1] ?? "";
      const regex = new RegExp(
        `^${pattern
          .replace(/[.+^${}()|[\]\\]/g, "\\$&")
          .replace(/\*/g, ".*")
          .replace(/\?/g, ".")}$`,
      );
      if (regex.test(file)) included = word === "--include";
    });
    return included;
  }
  const flag = (command: string, name: string) => {
    const argv = words(command);
    const index = argv.indexOf(name);
    return index < 0 ? undefined : argv[index + 1];
  };

  /** The Cache-Control SST gives a file: the last file option whose glob matches it (minimatch, dot files too). */
  function sstCacheControl(fileOptions: readonly FileOption[], file: string): string | undefined {
    const matches = (glob: string) => globMatches(glob, file);
    return [...fileOptions].reverse().find((option) => [option.files].flat().some(matches))?.cacheControl;
  }

  /** Entries of a zip (central directory), inflated. */
  function unzip(bytes: Buffer): Map<string, Buffer> {
    const end = bytes.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
    const count = bytes.readUInt16LE(end + 10);
    let at = bytes.readUInt32LE(end + 16);
    const entries = new Map<string, Buffer>();
    for (let i = 0; i < count; i += 1) {
      expect(bytes.readUInt32LE(at)).toBe(0x02014b50);
      const compressedSize = bytes.readUInt32LE(at + 20);
      const nameLength = bytes.readUInt16LE(at + 28);
      const extraLength = bytes.readUInt16LE(at + 30);
      const commentLength = bytes.readUInt16LE(at + 32);
      const offset = bytes.readUInt32LE(at + 42);
      const name = bytes.toString("utf8", at + 46, at + 46 + nameLength);
      const dataStart = offset + 30 + bytes.readUInt16LE(offset + 26) + bytes.readUInt16LE(offset + 28);
      entries.set(name, inflateRawSync(bytes.subarray(dataStart, dataStart + compressedSize)));
      at += 46 + nameLength + extraLength + commentLength;
    }
    return entries;
  }

  it("declares a build job that builds the site from the API the deploy's build reads, for the Router's URL", async () => {
    const deployment = await productionDeploy();
    const project = projectOf(deployment);
    const variables = buildVariables(project);
    const siteEnvironment = deepKnown(siteOf(deployment).args?.environment) as Record<string, string>;
    // The catalogue function's own URL, as the StaticSite's build (so it reads /api/products and /api/settings).
    expect(variables.SHOP_API_URL).toBe(catalogUrl(deployment).replace(/\/$/, ""));
    expect(variables.SHOP_API_URL).toBe(siteEnvironment.SHOP_API_URL);
    expect(originFor(deployment, "/api/settings")).toBe(catalogUrl(deployment));
    expect(variables.SITE_URL).toBe("https://savon.example.fr");
    expect(variables.SITE_URL).toBe(siteEnvironment.SITE_URL);
    // Not ARM: CodeBuild has no ARM_CONTAINER in eu-west-3 (tests/infra/publish-runtime.test.ts).
    expect(deepKnown(project.args.environment)).toMatchObject({
      type: "LINUX_CONTAINER",
      computeType: "BUILD_GENERAL1_SMALL",
      image: expect.stringMatching(/^aws\/codebuild\/amazonlinux-x86_64-standard:/),
    });
    expect(deepKnown(project.args.artifacts)).toEqual({ type: "NO_ARTIFACTS" });
    // One build at a time; a dead build ends before the dashboard gives it up (PUBLISH_TIMEOUT_MS).
    expect(known(project.args.concurrentBuildLimit as number)).toBe(1);
    const timeout = known(project.args.buildTimeout as number) ?? 60;
    const queued = known(project.args.queuedTimeout as number) ?? 480;
    expect(timeout).toBeGreaterThanOrEqual(5);
    expect(queued).toBeGreaterThanOrEqual(5);
    expect(timeout + queued).toBeLessThanOrEqual(PUBLISH_TIMEOUT_MS / 60_000);
    // Its logs go to a log group that expires.
    const logs = single(resourcesOf(deployment, "aws:cloudwatch/logGroup:LogGroup"), "build log group");
    expect(deepKnown(project.args.logsConfig)).toEqual({
      cloudwatchLogs: { groupName: known(logs.instance.name) },
    });
    expect(known(logs.args.retentionInDays as number)).toBeGreaterThan(0);
  });

  it("runs the deploy's own build command and publishes its output", async () => {
    const deployment = await deploy("dev", devEnv);
    const buildspec = buildspecOf(projectOf(deployment));
    const siteBuild = deepKnown(siteOf(deployment).args?.build) as { command: string; output: string };
    // First the API's public reads are forgotten at the CDN (tests/infra/public-reads.test.ts), then the install.
    expect(phaseCommands(buildspec, "install").at(-1)).toBe("npm ci --no-audit --no-fund");
    expect(phaseCommands(buildspec, "build")).toEqual([siteBuild.command]);
    for (const command of phaseCommands(buildspec, "post_build").filter((c) => c.startsWith("aws s3"))) {
      expect(words(command)[3], command).toBe(siteBuild.output);
    }
    expect(buildspec.startsWith("version: 0.2\nphases:\n")).toBe(true);
  });

  it("forwards the deploy's measurement id, so a publish builds the same pages", async () => {
    const withId = buildVariables(
      projectOf(await deploy("dev", { ...devEnv, PUBLIC_GA_MEASUREMENT_ID: "G-SHOP1" })),
    );
    expect(withId.PUBLIC_GA_MEASUREMENT_ID).toBe("G-SHOP1");
    const without = buildVariables(
      projectOf(await deploy("dev", { ...devEnv, PUBLIC_GA_MEASUREMENT_ID: undefined })),
    );
    expect(without).not.toHaveProperty("PUBLIC_GA_MEASUREMENT_ID");
  });

  it("builds from a zip of the site's build inputs that each deploy uploads to a private bucket", async () => {
    const deployment = await deploy("dev", devEnv);
    const project = projectOf(deployment);
    const object = single(resourcesOf(deployment, "aws:s3/bucketObjectv2:BucketObjectv2"), "source object");
    const sourceBucket = single(
      deployment.recording.buckets.filter(({ name }) => name === "SitePublishSource"),
      "source bucket",
    );
    expect(known(sourceBucket.args?.access)).toBeUndefined();
    expect(known(object.args.bucket as $util.Output<string>)).toBe(known(sourceBucket.instance.name));
    const key = known(object.args.key as string);
    expect(deepKnown(project.args.source)).toMatchObject({
      type: "S3",
      location: `${known(sourceBucket.instance.name)}/${key}`,
    });

    const asset = known(object.args.source as FileAsset);
    expect(asset).toBeInstanceOf(FileAsset);
    expect(asset?.path.startsWith(sstWorkDir), "written under .sst, not in the sources").toBe(true);
    const entries = unzip(readFileSync(asset?.path ?? ""));
    for (const file of [
      "package.json",
      "package-lock.json",
      "astro.config.mjs",
      "tsconfig.json",
      "src/pages/index.astro",
      "src/lib/build-api.ts",
      "public/manifest.webmanifest",
    ]) {
      expect(entries.get(file), file).toEqual(readFileSync(resolve(root, file)));
    }
    const names = [...entries.keys()];
    expect(
      names.filter((name) => !siteSourcePaths.some((path) => name === path || name.startsWith(`${path}/`))),
    ).toEqual([]);
    expect(names.some((name) => name.startsWith("node_modules/") || name.startsWith("functions/"))).toBe(
      false,
    );

    // Deterministic: a second deploy writes the same bytes, so Pulumi uploads nothing new.
    const again = known(
      single(
        resourcesOf(await deploy("dev", devEnv), "aws:s3/bucketObjectv2:BucketObjectv2"),
        "source object",
      ).args.source as FileAsset,
    );
    expect(readFileSync(again?.path ?? "").equals(readFileSync(asset?.path ?? ""))).toBe(true);
  });

  it("gives the build write access to the site's bucket and invalidation on the Router, and nothing else", async () => {
    const deployment = await deploy("dev", devEnv);
    const project = projectOf(deployment);
    const role = single(
      resourcesOf(deployment, "aws:iam/role:Role").filter(({ name }) => name === "SitePublishBuildRole"),
      "build role",
    );
    expect(known(project.args.serviceRole as $util.Output<string>)).toBe(known(role.instance.arn));
    expect(deepKnown(role.args.assumeRolePolicy)).toEqual({
      Version: "2012-10-17",
      Statement: [
        { Effect: "Allow", Principal: { Service: "codebuild.amazonaws.com" }, Action: "sts:AssumeRole" },
      ],
    });
    const policy = single(
      resourcesOf(deployment, "aws:iam/rolePolicy:RolePolicy").filter(
        ({ name }) => name === "SitePublishBuildPolicy",
      ),
      "build policy",
    );
    expect(known(policy.args.role as $util.Output<string>)).toBe(known(role.instance.name));
    expect(project.opts?.dependsOn).toContain(policy.instance);

    const statements = (
      deepKnown(policy.args.policy) as {
        Statement: { Effect: string; Action: string | string[]; Resource: string | string[] }[];
      }
    ).Statement;
    const allowed = (action: string) =>
      statements
        .filter((statement) => statement.Effect === "Allow" && [statement.Action].flat().includes(action))
        .flatMap((statement) => [statement.Resource].flat());

    const siteBucket = siteBucketOf(deployment);
    const siteBucketArn = known(siteBucket.arn);
    const sourceBucket = single(
      deployment.recording.buckets.filter(({ name }) => name === "SitePublishSource"),
      "source bucket",
    );
    const router = routerOf(deployment);
    const cache = `${known(sourceBucket.instance.arn)}/build-cache/*`;
    expect(allowed("s3:PutObject")).toEqual([cache, `${siteBucketArn}/*`]);
    expect(allowed("s3:DeleteObject")).toEqual([`${siteBucketArn}/*`]);
    expect(allowed("s3:ListBucket")).toEqual([siteBucketArn]);
    expect(allowed("cloudfront:CreateInvalidation")).toEqual([
      `arn:aws:cloudfront::123456789012:distribution/${known(router.instance.distributionID)}`,
    ]);
    expect(allowed("s3:GetObject")).toEqual([`${known(sourceBucket.instance.arn)}/site-source.zip`, cache]);
    // The product pages' keys at the edge: the Router's store only.
    const store = single(resourcesOf(deployment, "aws:cloudfront/keyValueStore:KeyValueStore"), "edge store");
    for (const action of ["DescribeKeyValueStore", "ListKeys", "UpdateKeys"]) {
      expect(allowed(`cloudfront-keyvaluestore:${action}`)).toEqual([known(store.instance.arn)]);
    }
    // The edge key: its one parameter, read by CodeBuild as the build starts (tests/infra/edge-key.test.ts).
    const parameter = single(resourcesOf(deployment, "aws:ssm/parameter:Parameter"), "edge key parameter");
    expect(allowed("ssm:GetParameters")).toEqual([known(parameter.instance.arn)]);
    const logs = single(resourcesOf(deployment, "aws:cloudwatch/logGroup:LogGroup"), "build log group");
    expect(allowed("logs:PutLogEvents")).toEqual([known(logs.instance.arn), `${known(logs.instance.arn)}:*`]);
    // Nothing else, nowhere else: every action and resource is named.
    for (const statement of statements) {
      for (const action of [statement.Action].flat())
        expect(action).toMatch(/^(s3|cloudfront|cloudfront-keyvaluestore|ssm|logs):[A-Za-z]+$/);
      for (const resource of [statement.Resource].flat()) {
        // No wildcard but the objects of one named bucket (or of its cache prefix) and the streams of the build's
        // own log group.
        const named = resource
          .replace(/^(arn:aws:s3:::[a-z0-9.-]+)\/(build-cache\/)?\*$/, "$1")
          .replace(/^(arn:aws:logs:[^*]+):\*$/, "$1");
        expect(named, resource).not.toContain("*");
      }
    }
    expect(statements.flatMap((statement) => [statement.Action].flat()).sort()).toEqual(
      [
        "cloudfront:CreateInvalidation",
        "cloudfront-keyvaluestore:DescribeKeyValueStore",
        "cloudfront-keyvaluestore:ListKeys",
        "cloudfront-keyvaluestore:UpdateKeys",
        "logs:CreateLogStream",
        "logs:PutLogEvents",
        "s3:DeleteObject",
        "s3:GetBucketAcl",
        "s3:GetBucketLocation",
        "s3:GetObject",
        "s3:GetObjectVersion",
        "s3:ListBucket",
        "s3:PutObject",
        "ssm:GetParameters",
        // The dependency cache (tests/infra/publish-runtime.test.ts).
        "s3:GetObject",
        "s3:PutObject",
      ].sort(),
    );

    // And the build is told where: the site's bucket and the Router's distribution.
    const variables = buildVariables(project);
    expect(variables[publishBuildVariables.bucket]).toBe(known(siteBucket.name));
    expect(variables[publishBuildVariables.distribution]).toBe(known(router.instance.distributionID));
    expect(variables[publishBuildVariables.edgeStore]).toBe(known(store.instance.arn));
  });

  it("uploads so a visitor never gets an error: only after a good build, assets first, pages last, old assets kept", async () => {
    const deployment = await deploy("dev", devEnv);
    const fileOptions = deepKnown(siteOf(deployment).args?.assets?.fileOptions) as FileOption[];
    const commands = phaseCommands(buildspecOf(projectOf(deployment)), "post_build");
    // Nothing is uploaded when `npm run build` failed (post_build runs anyway).
    expect(commands[0]).toContain('"$CODEBUILD_BUILD_SUCCEEDING" = "1"');
    expect(commands[0]).toMatch(/exit 1/);

    const uploads = commands.filter((command) => command.startsWith("aws s3 cp "));
    const sample = [
      "_astro/index.B2x9.js",
      "_astro/page.C3d4.css",
      "favicon.svg",
      "images/products/savon-premium.svg",
      "robots.txt",
      "sitemap.xml",
      "icons/icon-192.png",
      "index.html",
      "404.html",
      "product/12/index.html",
      "faq/index.html",
      "sw.js",
      "registerSW.js",
      "manifest.webmanifest",
    ];
    for (const file of sample) {
      const by = uploads.filter((command) => cliUploads(command, file));
      expect(by, `${file} is uploaded exactly once`).toHaveLength(1);
      expect(flag(by[0] ?? "", "--cache-control"), file).toBe(sstCacheControl(fileOptions, file));
    }
    const position = (file: string) => uploads.findIndex((command) => cliUploads(command, file));
    // Fingerprinted assets before anything that refers to them; pages and the service worker last.
    for (const file of ["favicon.svg", "index.html", "product/12/index.html", "sw.js"]) {
      expect(position("_astro/index.B2x9.js"), file).toBeLessThan(position(file));
    }
    for (const file of ["favicon.svg", "images/products/savon-premium.svg", "sitemap.xml"]) {
      expect(position(file), file).toBeLessThan(position("index.html"));
    }
    expect(position("sw.js")).toBe(uploads.length - 1);

    // Stale pages go after the upload; `_astro/` is never deleted.
    const sync = commands.filter((command) => command.includes("--delete"));
    expect(sync).toHaveLength(1);
    expect(commands.indexOf(sync[0] ?? "")).toBeGreaterThan(commands.indexOf(uploads.at(-1) ?? ""));
    expect(words(sync[0] ?? "")).toEqual(expect.arrayContaining(["--exclude", "_astro/*", "--size-only"]));
    expect(cliUploads(sync[0] ?? "", "_astro/old.A1.js"), "old assets are out of the sync").toBe(false);
    expect(commands.filter((command) => /\b(rm|rb|delete-object)\b/.test(command))).toEqual([]);

    // Then the Router's cache.
    expect(commands.at(-1)).toBe(
      `aws cloudfront create-invalidation --distribution-id "$${publishBuildVariables.distribution}" --paths "/*"`,
    );
  });

  it("lets every function that can change the pages send to the queue, and only send", async () => {
    const deployment = await deploy("dev", devEnv);
    const queue = queueOf(deployment);
    const jobFunctions = deployment.recording.functions.filter(({ instance }) =>
      deployment.recording.crons.some(({ args }) => args.function === instance),
    );
    const senders = [
      ...apiAreas.map((area) => functionOfArea(deployment, area.name).args),
      ...jobFunctions.map(({ args }) => args),
    ];
    expect(senders).toHaveLength(apiAreas.length + deployment.recording.crons.length);
    for (const args of senders) {
      const handler = known(args.handler);
      expect(deepKnown(args.environment), handler).toMatchObject({
        [SITE_PUBLISH_QUEUE_URL]: known(queue.instance.url),
      });
      // The accounts function also sends to the account mail queue (tests/infra/account-mail.test.ts), the jobs
      // their failed runs to JobFailures (tests/infra/jobs.test.ts); the shipping function reads and writes the
      // label PDFs (tests/infra/documents.test.ts).
      expect(
        otherRights(args.permissions).filter(
          ({ resources }) => JSON.stringify(resources) !== JSON.stringify([known(queue.instance.arn)]),
        ),
        handler,
      ).toEqual(
        handler === "functions/main/lambda/accounts.handler" ||
          handler === "functions/main/lambda/documents.handler"
          ? [
              { actions: ["sqs:SendMessage"], resources: [expect.stringMatching(/AccountMailQueue$/)] },
              {
                actions: ["s3:DeleteObject"],
                resources: ["arn:aws:s3:::savon-shop-dev-documents-bucket/labels/*"],
              },
            ]
          : ["accounts", "orders", "payments", "admin"].some(
                (area) => handler === `functions/main/lambda/${area}.handler`,
              )
            ? [{ actions: ["sqs:SendMessage"], resources: [expect.stringMatching(/AccountMailQueue$/)] }]
            : /^functions\/[a-z-]+\/jobs\//.test(String(handler))
              ? [{ actions: ["sqs:SendMessage"], resources: [expect.stringMatching(/JobFailuresQueue$/)] }]
              : handler === "functions/main/lambda/shipping.handler"
                ? [
                    {
                      actions: ["s3:GetObject", "s3:PutObject"],
                      resources: ["arn:aws:s3:::savon-shop-dev-documents-bucket/labels/*"],
                    },
                    {
                      actions: ["s3:ListBucket"],
                      resources: ["arn:aws:s3:::savon-shop-dev-documents-bucket"],
                    },
                    {
                      actions: ["s3:DeleteObject"],
                      resources: ["arn:aws:s3:::savon-shop-dev-documents-bucket/labels/*/bought.json"],
                    },
                  ]
                : handler === "functions/main/lambda/photos.handler"
                  ? [
                      {
                        actions: ["s3:PutObject", "s3:DeleteObject"],
                        resources: ["arn:aws:s3:::savon-shop-dev-media-bucket/media/products/*"],
                      },
                    ]
                  : [],
      );
      expect(deepKnown(args.permissions), handler).toContainEqual({
        actions: ["sqs:SendMessage"],
        resources: [known(queue.instance.arn)],
      });
      // Not linked: linking a Queue grants sqs:* on it.
      expect(known(args.link) ?? [], handler).not.toContain(queue.instance);
    }
  });

  it("debounces: one subscriber gets 20 seconds of requests at once, and may start and list the builds", async () => {
    const deployment = await deploy("dev", devEnv);
    const queue = queueOf(deployment);
    const { queue: subscribed, fn, args } = subscriptionOf(deployment);
    expect(subscribed).toBe(queue.name);
    expect(deepKnown(args?.batch)).toEqual({ size: 10, window: "20 seconds", partialResponses: true });
    expect(fn.handler).toBe("functions/main/jobs/publish-site.handler");
    expect(existsSync(resolve(root, "functions/publishing/jobs/publish-site.ts"))).toBe(true);

    const project = projectOf(deployment);
    // Besides the table's items (least-privilege.test.ts), no mail.
    expect(otherRights(fn.permissions)).toEqual([
      {
        actions: ["codebuild:StartBuild", "codebuild:ListBuildsForProject", "codebuild:BatchGetBuilds"],
        resources: [known(project.instance.arn)],
      },
    ]);
    expect(JSON.stringify(fn.permissions)).not.toContain("ses:");
    expect(fn.link).toBeUndefined();
    expect(fn.environment).toEqual({
      TABLE_NAME: "savon-shop-dev-TableTable",
      [SITE_PUBLISH_PROJECT]: known(project.instance.name),
    });
    // A message that finds a build running comes back after the visibility timeout, which Lambda wants at least as
    // long as the subscriber's timeout.
    const seconds = (duration: string) =>
      Number.parseInt(duration, 10) * (/minute/.test(duration) ? 60 : /hour/.test(duration) ? 3600 : 1);
    const visibility = seconds(String(known(queue.args?.visibilityTimeout) ?? "30 seconds"));
    expect(visibility).toBeGreaterThanOrEqual(seconds(String(fn.timeout ?? "3 seconds")));
    expect(visibility).toBeLessThanOrEqual(5 * 60);
  });

  it("records each build's end: a rule sends the project's final state changes to the result Lambda", async () => {
    const deployment = await deploy("dev", devEnv);
    const project = projectOf(deployment);
    const result = resultFunctionOf(deployment);
    expect(existsSync(resolve(root, "functions/publishing/jobs/publish-result.ts"))).toBe(true);
    expect(known(result.args.link)).toBeUndefined();
    // Besides the table's items (least-privilege.test.ts), only where its failed runs go (tests/infra/jobs.test.ts).
    expect(JSON.stringify(deepKnown(result.args.permissions))).not.toContain("ses:");
    expect(otherRights(result.args.permissions)).toEqual([
      { actions: ["sqs:SendMessage"], resources: [expect.stringMatching(/JobFailuresQueue$/)] },
    ]);
    expect(deepKnown(result.args.environment)).toEqual({
      TABLE_NAME: "savon-shop-dev-TableTable",
      [SITE_PUBLISH_PROJECT]: known(project.instance.name),
    });

    const rule = single(resourcesOf(deployment, "aws:cloudwatch/eventRule:EventRule"), "build state rule");
    expect(JSON.parse(known(rule.args.eventPattern as $util.Output<string>) ?? "")).toEqual({
      source: ["aws.codebuild"],
      "detail-type": ["CodeBuild Build State Change"],
      detail: { "project-name": [known(project.instance.name)], "build-status": [...finalBuildStates] },
    });
    expect(finalBuildStates).not.toContain("IN_PROGRESS");
    const target = single(resourcesOf(deployment, "aws:cloudwatch/eventTarget:EventTarget"), "rule target");
    expect(deepKnown(target.args)).toEqual({
      rule: known(rule.instance.name),
      arn: known(result.instance.arn),
    });
    const invoke = single(resourcesOf(deployment, "aws:lambda/permission:Permission"), "invoke permission");
    expect(deepKnown(invoke.args)).toEqual({
      action: "lambda:InvokeFunction",
      function: known(result.instance.name),
      principal: "events.amazonaws.com",
      sourceArn: known(rule.instance.arn),
    });
    expect(publishBuildVariables.covers).toBe(SITE_PUBLISH_COVERS);
  });

  it("still builds the site once per deploy: the StaticSite's build, the publish project only when asked", async () => {
    const deployment = await deploy("dev", devEnv);
    const site = siteOf(deployment);
    expect(deepKnown(site.args?.build)).toEqual({ command: "npm run build", output: "dist" });
    // The project is declared, not run: no deploy-time build resource, and nothing but the job starts it.
    expect(deployment.recording.resources.map(({ type }) => type).sort()).toEqual(
      [
        "aws:cloudfront/cachePolicy:CachePolicy",
        "aws:cloudfront/responseHeadersPolicy:ResponseHeadersPolicy",
        // The Router's store and the keys of the pages src/pages declares (infra/web.ts).
        "aws:cloudfront/keyValueStore:KeyValueStore",
        ...deployedPageKeys().map(() => "aws:cloudfront/keyvaluestoreKey:KeyvaluestoreKey"),
        "aws:cloudwatch/eventRule:EventRule",
        "aws:cloudwatch/eventTarget:EventTarget",
        "aws:cloudwatch/logGroup:LogGroup",
        "aws:codebuild/project:Project",
        "aws:iam/role:Role",
        "aws:iam/rolePolicy:RolePolicy",
        "aws:lambda/permission:Permission",
        "aws:s3/bucketObjectv2:BucketObjectv2",
        "random:index/randomPassword:RandomPassword",
        // The edge key for the publish build (a SecureString parameter).
        "aws:ssm/parameter:Parameter",
        // What reaches the owner (tests/infra/alarms.test.ts): the alarms, the API's unplanned 5xx counted in each API
        // function's logs, SES's events, nothing that builds.
        ...apiAreas.map(() => "aws:cloudwatch/logMetricFilter:LogMetricFilter"),
        ...Array(
          deployment.recording.resources.filter(({ type }) => type.includes("metricAlarm")).length,
        ).fill("aws:cloudwatch/metricAlarm:MetricAlarm"),
        "aws:sns/topicPolicy:TopicPolicy",
        // The shop's secrets' key, its alias and its grants: PayPal's 6, Colissimo's 5 (tests/infra/secrets.test.ts).
        "aws:kms/key:Key",
        "aws:kms/alias:Alias",
        ...Array(11).fill("aws:kms/grant:Grant"),
      ].sort(),
    );
    const starters = [
      ...deployment.recording.functions.map(({ args }) => deepKnown(args.permissions)),
      subscriptionOf(deployment).fn.permissions,
    ].filter((permissions) => JSON.stringify(permissions ?? []).includes("codebuild:StartBuild"));
    expect(starters).toHaveLength(1);
  });
});
