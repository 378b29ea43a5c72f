/**
 * Issue 18 on AWS: the Router declares what the CDN keeps of the API (the public reads, keyed on the path alone, for
 * as long as the API's s-maxage says and never longer than its longest), and a publish makes it forget them.
 */
import { afterEach, describe, expect, it } from "vitest";
import { publicReadPolicies } from "../../functions/platform/middleware/public-read";
import { publicReadInvalidationPaths, publishBuildVariables } from "../../infra/publish-build";
import { productionEnv, resourcesOf } from "./recorded";
import { type Deployment, deepKnown, deploy, known, restoreSstStubs } from "./sst-stubs";

afterEach(restoreSstStubs);

const cachePolicyType = "aws:cloudfront/cachePolicy:CachePolicy";

interface Behaviour {
  pathPattern?: string;
  targetOriginId?: string;
  cachePolicyId?: string;
  responseHeadersPolicyId?: string;
  compress?: boolean;
  functionAssociations?: unknown;
}

/** The distribution's behaviours once the Router's transform ran over what SST 4.17.1 gives it (lazy routes). */
async function behaviours() {
  const deployment = await deploy("production", productionEnv);
  const router = deployment.recording.routers[0];
  const transform = router?.args?.transform?.cdn;
  if (typeof transform !== "function") throw new Error("the Router has no cdn transform");
  // As SST 4.17.1 builds it for `router.route()`: one behaviour, its CloudFront function choosing the origin.
  const sstDefault = {
    targetOriginId: "default",
    viewerProtocolPolicy: "redirect-to-https",
    allowedMethods: ["DELETE", "GET", "HEAD", "OPTIONS", "PATCH", "POST", "PUT"],
    cachedMethods: ["GET", "HEAD"],
    compress: true,
    cachePolicyId: "sst-server-cache-policy",
    originRequestPolicyId: "b689b0a8-53d0-40ab-baf2-68738e2966ac",
    functionAssociations: [{ eventType: "viewer-request", functionArn: "router-function" }],
  };
  const args: sst.aws.CdnArgs = { defaultCacheBehavior: sstDefault };
  transform(args, {}, "RouterCdn");
  return {
    deployment,
    defaultBehaviour: deepKnown(args.defaultCacheBehavior) as Behaviour,
    ordered: (deepKnown(args.orderedCacheBehaviors) ?? []) as Behaviour[],
  };
}

/** CloudFront's path patterns: `*` any characters, `?` one, the rest literally. */
function matches(pattern: string, path: string): boolean {
  const regex = pattern
    .replace(/[.+^${}()|[\]\\]/g, "\\$&")
    .replace(/\*/g, ".*")
    .replace(/\?/g, ".");
  return new RegExp(`^${regex}$`).test(path);
}

/** The behaviour CloudFront applies to a path: the first ordered one whose pattern matches, else the default. */
function behaviourFor(ordered: Behaviour[], fallback: Behaviour, path: string): Behaviour {
  return ordered.find((behaviour) => matches(behaviour.pathPattern ?? "", path)) ?? fallback;
}

const publicPaths = [
  "/api/products",
  "/api/products/1",
  "/api/products/123",
  "/api/settings/shipping",
  "/api/settings/company",
  "/api/settings/checkout",
  "/api/settings/maintenance",
];
const privatePaths = [
  "/api/auth/me",
  "/api/admin/check",
  "/api/admin/products",
  "/api/admin/settings/maintenance",
  "/api/orders",
  "/api/user/profile",
  "/api/productsX",
  "/api",
  "/",
  "/product/1",
];

function publicReadPolicy(deployment: Deployment) {
  const policies = resourcesOf(deployment, cachePolicyType);
  expect(policies).toHaveLength(1);
  return policies[0];
}

describe("the Router's behaviours for the public reads", () => {
  it("sends the catalogue, each product and the public settings through the public-read cache policy", async () => {
    const { deployment, defaultBehaviour, ordered } = await behaviours();
    const policyId = known(publicReadPolicy(deployment)?.instance.id);
    for (const path of publicPaths) {
      expect(behaviourFor(ordered, defaultBehaviour, path).cachePolicyId, path).toBe(policyId);
    }
    for (const path of privatePaths) {
      expect(behaviourFor(ordered, defaultBehaviour, path), path).toBe(defaultBehaviour);
    }
  });

  it("keeps everything else of the default behaviour: origin choice, edge functions, security headers", async () => {
    const { defaultBehaviour, ordered } = await behaviours();
    expect(ordered.length).toBeGreaterThan(0);
    for (const behaviour of ordered) {
      const { pathPattern, cachePolicyId, ...rest } = behaviour;
      const { cachePolicyId: sstPolicy, ...defaultRest } = defaultBehaviour;
      expect(rest, pathPattern).toEqual(defaultRest);
      expect(cachePolicyId).not.toBe(sstPolicy);
      expect(behaviour.compress).toBe(true);
      expect(behaviour.responseHeadersPolicyId).toBeTruthy();
    }
  });

  it("keys on the path alone, honours the API's s-maxage and bounds it by the longest one the API gives", async () => {
    const { deployment } = await behaviours();
    const policy = deepKnown(publicReadPolicy(deployment)?.args) as Record<string, unknown>;
    const longest = Math.max(...Object.values(publicReadPolicies).map((p) => p.sMaxAge));
    expect(policy).toMatchObject({
      minTtl: 0,
      // An answer without Cache-Control is not kept.
      defaultTtl: 0,
      maxTtl: longest,
      parametersInCacheKeyAndForwardedToOrigin: {
        cookiesConfig: { cookieBehavior: "none" },
        headersConfig: { headerBehavior: "none" },
        queryStringsConfig: { queryStringBehavior: "none" },
        enableAcceptEncodingBrotli: true,
        enableAcceptEncodingGzip: true,
      },
    });
  });
});

describe("a publish makes the CDN forget the public reads", () => {
  async function installCommands(): Promise<string[]> {
    const deployment = await deploy("production", productionEnv);
    const project = deployment.recording.resources.find(
      (resource) => resource.type === "aws:codebuild/project:Project",
    );
    const buildspec = (deepKnown(project?.args.source) as { buildspec: string }).buildspec;
    const lines = buildspec.split("\n");
    const start = lines.indexOf("  install:");
    const end = lines.findIndex((line, index) => index > start && /^ {2}\S/.test(line));
    return lines
      .slice(start, end)
      .flatMap((line) => /^ {6}- '((?:[^']|'')*)'$/.exec(line)?.[1]?.replace(/''/g, "'") ?? []);
  }

  it("covers every public read with its invalidation paths", () => {
    const covered = (path: string) =>
      publicReadInvalidationPaths.some((pattern) => path.startsWith(pattern.replace(/\*$/, "")));
    for (const path of publicPaths) expect(covered(path), path).toBe(true);
    for (const path of ["/api/auth/me", "/api/orders", "/api/admin/products"])
      expect(covered(path), path).toBe(false);
  });

  it("invalidates them on the Router as the build starts, before the install, without failing the build", async () => {
    const [first, ...rest] = await installCommands();
    expect(first).toBe(
      `aws cloudfront create-invalidation --distribution-id "$${publishBuildVariables.distribution}" --paths "/api/products*" "/api/settings*" || echo "The API's public reads could not be invalidated now: they will be at the end of the publish."`,
    );
    expect(rest).toEqual(["npm ci --no-audit --no-fund"]);
  });
});
