/**
 * Who may read the shop's secrets on AWS (issue 27, docs/decisions/031; Colissimo's, issue 31): the KMS key sealing
 * them, its key policy and its grants, as `sst deploy` would declare them (SST's globals stubbed: sst-stubs.ts).
 */
import { rmSync } from "node:fs";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { apiAreas } from "../../functions/main/areas";
import { SECRETS_KMS_KEY } from "../../functions/platform/adapters/secret-box";
import {
  COLISSIMO_PASSWORD_CONTEXT,
  LAPOSTE_API_KEY_CONTEXT,
  PAYPAL_SECRET_CONTEXT,
} from "../../functions/platform/adapters/secret-contexts";
import { laposteApiKeyJobs, paypalSecretJobs } from "../../infra/secret-access";
import { type Deployment, deepKnown, deploy, known, restoreSstStubs, sstWorkDir } from "./sst-stubs";

const productionEnv = { SHOP_DOMAIN: "savon.example.fr", SHOP_EMAIL_SENDER: undefined };

afterEach(restoreSstStubs);
afterAll(() => rmSync(sstWorkDir, { recursive: true, force: true }));

/** What KMS lets a caller do with a key's material (AWS KMS API Reference, the cryptographic operations). */
const CRYPTOGRAPHIC_OPERATIONS = [
  "kms:Encrypt",
  "kms:Decrypt",
  "kms:ReEncryptFrom",
  "kms:ReEncryptTo",
  "kms:GenerateDataKey",
  "kms:GenerateDataKeyWithoutPlaintext",
  "kms:GenerateDataKeyPair",
  "kms:GenerateDataKeyPairWithoutPlaintext",
  "kms:GenerateMac",
  "kms:VerifyMac",
  "kms:Sign",
  "kms:Verify",
  "kms:DeriveSharedSecret",
];

/** IAM's action wildcards: `*` any run of characters, `?` one. */
const matches = (pattern: string, action: string) =>
  new RegExp(
    `^${pattern
      .split("")
      .map((c) => (c === "*" ? ".*" : c === "?" ? "." : c.replace(/[.+^${}()|[\]\\]/g, "\\$&")))
      .join("")}$`,
    "i",
  ).test(action);

function keyOf(deployment: Deployment) {
  const keys = deployment.recording.resources.filter(({ type }) => type === "aws:kms/key:Key");
  expect(keys).toHaveLength(1);
  const [key] = keys;
  if (!key) throw new Error("no key");
  return {
    args: key.args,
    arn: known(key.instance.arn),
    keyId: known((key.instance as unknown as { keyId: $util.Output<string> }).keyId),
  };
}

/** Each grant, with the component name of the function whose role it names. */
function grantsOf(deployment: Deployment) {
  const roles = new Map(
    deployment.recording.functions.map(({ name, instance }) => [
      known((instance as unknown as sst.aws.Function).nodes.role.arn),
      name,
    ]),
  );
  return deployment.recording.resources
    .filter(({ type }) => type === "aws:kms/grant:Grant")
    .map(({ args }) => {
      const grant = deepKnown(args) as {
        keyId: string;
        granteePrincipal: string;
        operations: string[];
        constraints: { encryptionContextEquals?: Record<string, string> }[];
        retireOnDelete: boolean;
      };
      return {
        ...grant,
        fn: roles.get(grant.granteePrincipal) ?? `not a function: ${grant.granteePrincipal}`,
      };
    });
}

/** The secret a grant is for, by its one encryption context constraint. */
const contextNames = [
  ["paypal", PAYPAL_SECRET_CONTEXT],
  ["colissimo-password", COLISSIMO_PASSWORD_CONTEXT],
  ["laposte-api-key", LAPOSTE_API_KEY_CONTEXT],
] as const;
function secretOf(grant: ReturnType<typeof grantsOf>[number]): string {
  const [constraint] = grant.constraints;
  const found = contextNames.find(
    ([, context]) =>
      grant.constraints.length === 1 &&
      Object.keys(constraint ?? {}).join() === "encryptionContextEquals" &&
      JSON.stringify(constraint?.encryptionContextEquals) === JSON.stringify(context),
  );
  return found?.[0] ?? `unknown constraints: ${JSON.stringify(grant.constraints)}`;
}

/** Every grant as "<function> <Operation> <secret>", sorted. */
const grantLines = (grants: ReturnType<typeof grantsOf>) =>
  grants.map((grant) => `${grant.fn} ${grant.operations.join("+")} ${secretOf(grant)}`).sort();

describe("the shop secrets' KMS key", () => {
  it("leaves the account its administration only: no IAM policy, an administrator's kms:* included, can encrypt or decrypt with it", async () => {
    const deployment = await deploy("production", productionEnv);
    const { args } = keyOf(deployment);
    expect(args.enableKeyRotation).toBe(true);
    expect(args.deletionWindowInDays).toBe(30);
    const policy = JSON.parse(String(known(args.policy as $util.Input<string>))) as {
      Statement: { Effect: string; Principal: unknown; Action: string[]; Condition?: unknown }[];
    };
    expect(policy.Statement).toHaveLength(1);
    const [statement] = policy.Statement;
    expect(statement?.Effect).toBe("Allow");
    expect(statement?.Principal).toEqual({ AWS: "arn:aws:iam::123456789012:root" });
    // What AWS needs to keep the key manageable: its policy, grants, rotation, deletion (and nothing else).
    expect(statement?.Action).toEqual(expect.arrayContaining(["kms:Put*", "kms:Create*", "kms:Revoke*"]));
    for (const action of statement?.Action ?? []) {
      const allowed = CRYPTOGRAPHIC_OPERATIONS.filter((operation) => matches(action, operation));
      expect(allowed, `${action} lets the account use the key`).toEqual([]);
    }
    expect(statement?.Action).not.toContain("kms:*");
  });

  it("is usable by grants alone, each function exactly what its code needs, each grant for one secret's context", async () => {
    const deployment = await deploy("production", productionEnv);
    const { keyId } = keyOf(deployment);
    const grants = grantsOf(deployment);
    expect(grantLines(grants)).toEqual(
      [
        // PayPal's client secret: sealed when the owner saves Paramètres, opened to call PayPal (refunds,
        // cancellations, orders, the withdrawal's refund, the jobs settling holds).
        "ApiAdmin Encrypt paypal",
        "ApiAdmin Decrypt paypal",
        "ApiOrders Decrypt paypal",
        "ApiPayments Decrypt paypal",
        "ReconcilePaypalJob Decrypt paypal",
        "ReleaseHoldsJob Decrypt paypal",
        // Colissimo's contract password: sealed when the owner saves the « Colissimo » card, opened to buy a label.
        "ApiAdmin Encrypt colissimo-password",
        "ApiShipping Decrypt colissimo-password",
        // La Poste's API key: sealed by the same save, opened by the parcels' tracking job and by the owner's
        // « Actualiser le suivi » (the shipping function).
        "ApiAdmin Encrypt laposte-api-key",
        "ApiShipping Decrypt laposte-api-key",
        "TrackParcelsJob Decrypt laposte-api-key",
      ].sort(),
    );
    for (const grant of grants) {
      expect(grant.keyId).toBe(keyId);
      // One operation per grant, only with the exact encryption context: no other ciphertext opens.
      expect(grant.operations).toHaveLength(1);
      expect(grant.constraints).toHaveLength(1);
      expect(Object.keys(grant.constraints[0] ?? {})).toEqual(["encryptionContextEquals"]);
      expect(grant.retireOnDelete).toBe(true);
    }
    // The shipping function opens Colissimo's password and nothing of PayPal's; the PayPal functions nothing of
    // Colissimo's; the admin function seals Colissimo's secrets and never opens them.
    const held = (fn: string) => grantLines(grants.filter((grant) => grant.fn === fn));
    expect(held("ApiShipping")).toEqual([
      "ApiShipping Decrypt colissimo-password",
      "ApiShipping Decrypt laposte-api-key",
    ]);
    expect(held("TrackParcelsJob")).toEqual(["TrackParcelsJob Decrypt laposte-api-key"]);
    for (const fn of ["ApiOrders", "ApiPayments", "ReconcilePaypalJob", "ReleaseHoldsJob"])
      expect(
        held(fn).filter((line) => !line.endsWith(" paypal")),
        fn,
      ).toEqual([]);
    expect(held("ApiAdmin").filter((line) => line.includes("Decrypt") && !line.endsWith(" paypal"))).toEqual(
      [],
    );
    // The API functions that call neither PayPal nor Colissimo hold no grant at all: catalogue, accounts, documents...
    const granted = new Set(grants.map(({ fn }) => fn));
    const others = apiAreas.filter(({ name }) => !["admin", "orders", "payments", "shipping"].includes(name));
    expect(others.length).toBeGreaterThan(5);
    for (const { name } of others)
      expect(granted.has(`Api${name[0]?.toUpperCase()}${name.slice(1)}`), name).toBe(false);
  });

  it("keeps the PayPal grants' names, and names the Colissimo ones after their secret", async () => {
    const deployment = await deploy("production", productionEnv);
    const grants = deployment.recording.resources.filter(({ type }) => type === "aws:kms/grant:Grant");
    // A new component name would replace the grant (and production refuses to delete protected resources).
    expect(
      grants.map(({ name, args }) => `${name} ${known(args.name as $util.Input<string>)}`).sort(),
    ).toEqual(
      [
        "ApiAdminPaypalSecretEncrypt ApiAdmin-paypal-secret-encrypt",
        "ApiAdminPaypalSecretDecrypt ApiAdmin-paypal-secret-decrypt",
        "ApiOrdersPaypalSecretDecrypt ApiOrders-paypal-secret-decrypt",
        "ApiPaymentsPaypalSecretDecrypt ApiPayments-paypal-secret-decrypt",
        "ReleaseHoldsPaypalSecretDecrypt ReleaseHolds-paypal-secret-decrypt",
        "ReconcilePaypalPaypalSecretDecrypt ReconcilePaypal-paypal-secret-decrypt",
        "ApiAdminColissimoPasswordEncrypt ApiAdmin-colissimo-password-encrypt",
        "ApiShippingColissimoPasswordDecrypt ApiShipping-colissimo-password-decrypt",
        "ApiAdminLaposteApiKeyEncrypt ApiAdmin-laposte-api-key-encrypt",
        "ApiShippingLaposteApiKeyDecrypt ApiShipping-laposte-api-key-decrypt",
        "TrackParcelsLaposteApiKeyDecrypt TrackParcels-laposte-api-key-decrypt",
      ].sort(),
    );
    // The key and its alias keep theirs: a new name would replace the key, and every sealed secret with it.
    expect(
      deployment.recording.resources
        .filter(({ type }) => type.startsWith("aws:kms/") && type !== "aws:kms/grant:Grant")
        .map(({ type, name }) => `${type} ${name}`)
        .sort(),
    ).toEqual(["aws:kms/alias:Alias PaypalSecretKeyAlias", "aws:kms/key:Key PaypalSecretKey"]);
  });

  it("is named to every API function by its ARN, under the variable functions/main/deps-from-env.ts reads", async () => {
    const deployment = await deploy("production", productionEnv);
    const { arn } = keyOf(deployment);
    const apiFunctions = deployment.recording.functions.filter(({ args }) =>
      String(known(args.handler)).startsWith("functions/main/lambda/"),
    );
    expect(apiFunctions).toHaveLength(apiAreas.length);
    for (const { name, args } of apiFunctions)
      expect((deepKnown(args.environment) as Record<string, string>)[SECRETS_KMS_KEY], name).toBe(arn);
  });

  it("has one alias per stage, so the owner recognises it in the KMS console", async () => {
    const deployment = await deploy("production", productionEnv);
    const aliases = deployment.recording.resources.filter(({ type }) => type === "aws:kms/alias:Alias");
    expect(aliases.map(({ args }) => deepKnown(args))).toEqual([
      { name: "alias/savon-shop-production-paypal-secret", targetKeyId: keyOf(deployment).keyId },
    ]);
  });
});

describe("the jobs calling PayPal (infra/jobs.ts grants them with decryptPaypalSecret)", () => {
  it("get Decrypt on their own function's role, for the same context; the other jobs get nothing", async () => {
    const deployment = await deploy("production", productionEnv);
    const grants = grantsOf(deployment);
    const jobs = deployment.recording.functions.filter(({ args }) =>
      /^functions\/[a-z-]+\/jobs\//.test(String(known(args.handler))),
    );
    for (const { name, args } of jobs) {
      const file = String(known(args.handler)).replace(/\.handler$/, "");
      const held = grants.filter(({ fn }) => fn === name);
      if ((laposteApiKeyJobs as readonly string[]).includes(file)) {
        // The parcels' tracking opens La Poste's API key, and nothing of PayPal's.
        expect(held, name).toHaveLength(1);
        expect(held[0]).toMatchObject({
          operations: ["Decrypt"],
          constraints: [{ encryptionContextEquals: LAPOSTE_API_KEY_CONTEXT }],
        });
      } else if ((paypalSecretJobs as readonly string[]).includes(file)) {
        expect(held, name).toHaveLength(1);
        expect(held[0]).toMatchObject({
          keyId: keyOf(deployment).keyId,
          operations: ["Decrypt"],
          constraints: [{ encryptionContextEquals: PAYPAL_SECRET_CONTEXT }],
        });
      } else expect(held, name).toEqual([]);
    }
    expect(jobs.map(({ args }) => String(known(args.handler)))).toEqual(
      expect.arrayContaining(paypalSecretJobs.map((job) => `${job}.handler`)),
    );
  });
});
