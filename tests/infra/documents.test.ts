/**
 * The private documents bucket on AWS (issue 31, decision record 027 "What is stored"): Colissimo's label PDFs carry
 * customers' names and addresses, so they sit in a bucket of their own that nothing serves, that only the shipping
 * function may read and write, and that production keeps.
 */
import { rmSync } from "node:fs";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { apiAreas } from "../../functions/main/areas";
import { DOCUMENTS_BUCKET } from "../../functions/platform/adapters/documents-env";
import { MEDIA_BUCKET } from "../../functions/platform/adapters/media-env";
import { devEnv, productionEnv, single } from "./recorded";
import { type Deployment, deepKnown, deploy, known, restoreSstStubs, sstWorkDir } from "./sst-stubs";

afterEach(restoreSstStubs);
afterAll(() => rmSync(sstWorkDir, { recursive: true, force: true }));

function documentsBucket(deployment: Deployment) {
  return single(
    deployment.recording.buckets.filter(({ name }) => name === "Documents"),
    "Documents bucket",
  );
}

const environmentOf = (args: sst.aws.FunctionArgs) =>
  (deepKnown(args.environment) as Record<string, string> | undefined) ?? {};

/** Everything a declaration says, as text: a bucket named anywhere in it shows. */
function textOf(value: unknown): string {
  const seen = new WeakSet<object>();
  return JSON.stringify(deepKnown(value), (_key, item: unknown) => {
    if (item && typeof item === "object") {
      if (seen.has(item)) return "[seen]";
      seen.add(item);
    }
    return item;
  });
}

describe("the documents bucket", () => {
  it("is private: no public or CloudFront access, SST's public access block left fully on, no CORS, no versions", async () => {
    for (const [stage, env] of [
      ["dev", devEnv],
      ["production", productionEnv],
    ] as const) {
      const { args } = documentsBucket(await deploy(stage, env));
      const given = deepKnown(args) as Record<string, unknown>;
      // `access` unset: SST's bucket policy holds only its deny of plain HTTP (no s3:GetObject for "*" or for
      // cloudfront.amazonaws.com), and its public access block blocks public ACLs and policies.
      expect(given.access, stage).toBeUndefined();
      expect(given.public, stage).toBeUndefined();
      expect(given.policy, stage).toBeUndefined();
      expect(given.enforceHttps, stage).toBeUndefined();
      expect(given.cors, stage).toBe(false);
      expect(given.versioning, stage).toBe(false);
      // Only the bucket itself is transformed: not the public access block (`false` would drop it), not the policy.
      expect(Object.keys((given.transform as object | undefined) ?? {}), stage).toEqual(["bucket"]);
    }
  });

  it("is kept in production: not force-destroyed (S3 then refuses to delete it while it holds a label)", async () => {
    const production = await deploy("production", productionEnv);
    expect(deepKnown(documentsBucket(production).args?.transform?.bucket)).toEqual({ forceDestroy: false });
    // And, as every resource of production, retained when the stage is removed and protected (sst.config.ts).
    expect(production.app).toMatchObject({ removal: "retain", protect: true });
    const dev = await deploy("dev", devEnv);
    expect(deepKnown(documentsBucket(dev).args?.transform?.bucket)).toEqual({ forceDestroy: true });
  });

  it("is served by nothing: no Router route, no CloudFront origin", async () => {
    const deployment = await deploy("production", productionEnv);
    const bucket = documentsBucket(deployment);
    expect(deployment.recording.bucketRoutes.map(({ bucket }) => bucket)).not.toContain("Documents");
    const name = String(known(bucket.instance.name));
    for (const router of deployment.recording.routers)
      expect(textOf(router.args), router.name).not.toContain(name);
    for (const route of deployment.recording.routes) expect(route.url).not.toContain(name);
  });

  it("is read and written by the shipping function alone; the accounts and documents functions may only delete labels", async () => {
    const deployment = await deploy("production", productionEnv);
    const bucket = documentsBucket(deployment);
    const name = String(known(bucket.instance.name));
    const arn = String(known(bucket.instance.arn));

    // Not linked (SST's link would grant s3:* on the bucket, its policy and public access block included).
    const linked = deployment.recording.functions.filter(({ args }) =>
      ((known(args.link) as unknown[] | undefined) ?? []).includes(bucket.instance),
    );
    expect(linked).toEqual([]);

    const told = deployment.recording.functions.filter(({ args }) => environmentOf(args)[DOCUMENTS_BUCKET]);
    expect(told.map(({ name }) => name).sort()).toEqual(["ApiAccounts", "ApiDocuments", "ApiShipping"]);
    const shipping = single(
      told.filter(({ name }) => name === "ApiShipping"),
      "shipping function",
    );
    const accounts = single(
      told.filter(({ name }) => name === "ApiAccounts"),
      "accounts function",
    );
    expect(known(shipping.args.handler)).toBe("functions/main/lambda/shipping.handler");
    expect(environmentOf(shipping.args)[DOCUMENTS_BUCKET]).toBe(name);
    expect(environmentOf(shipping.args)).not.toHaveProperty(MEDIA_BUCKET);
    expect(apiAreas.find((area) => area.name === "shipping")?.mounts).toEqual([
      "/api/admin/shipping",
      "/api/shipping",
    ]);

    // Store a label, read one back, under labels/, and hear NoSuchKey for a missing one (S3 says it only to who may
    // list).
    const onBucket = (deepKnown(shipping.args.permissions) as sst.aws.FunctionPermissionArgs[]).filter(
      ({ resources }) => (resources as string[]).some((resource) => resource.startsWith(arn)),
    );
    expect(onBucket).toEqual([
      { actions: ["s3:GetObject", "s3:PutObject"], resources: [`${arn}/labels/*`] },
      { actions: ["s3:ListBucket"], resources: [arn] },
      // The purchase's receipt, once the label is recorded; never a label.
      { actions: ["s3:DeleteObject"], resources: [`${arn}/labels/*/bought.json`] },
    ]);
    // Erasing an account, or a guest's data (issue 32: the documents function), removes the orders' labels: delete,
    // under labels/ only (functions/personal-data).
    const documents = single(
      told.filter(({ name }) => name === "ApiDocuments"),
      "documents function",
    );
    for (const eraser of [accounts, documents]) {
      const erasing = (deepKnown(eraser.args.permissions) as sst.aws.FunctionPermissionArgs[]).filter(
        ({ resources }) => (resources as string[]).some((resource) => resource.startsWith(arn)),
      );
      expect(erasing, eraser.name).toEqual([
        { actions: ["s3:DeleteObject"], resources: [`${arn}/labels/*`] },
      ]);
      expect(environmentOf(eraser.args)[DOCUMENTS_BUCKET]).toBe(name);
    }

    // No other declaration names the bucket: no other function, job, build, policy or alarm (the way it is looked
    // for does find it where it is).
    expect(textOf(shipping.args)).toContain(arn);
    const others = [
      ...deployment.recording.functions
        .filter(({ name }) => !["ApiShipping", "ApiAccounts", "ApiDocuments"].includes(name))
        .map(({ name, args }) => ({ name, args })),
      ...deployment.recording.resources.map(({ type, name, args }) => ({ name: `${type} ${name}`, args })),
      ...deployment.recording.subscriptions.map(({ queue, subscriber }) => ({
        name: queue,
        args: subscriber,
      })),
      ...deployment.recording.crons.map(({ name, args }) => ({ name, args: args.schedule })),
      ...deployment.recording.sites.map(({ name, args }) => ({ name, args: args?.environment })),
    ];
    for (const { name: other, args } of others) {
      const text = textOf(args);
      expect(text, other).not.toContain(name);
      expect(text, other).not.toContain(arn);
    }
  });
});
