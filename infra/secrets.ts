import { SECRETS_KMS_KEY } from "../functions/platform/adapters/secret-box";
import { type SecretUse, type ShopSecret, secretContexts } from "./secret-access";

/**
 * The KMS key sealing the shop's secrets in the table (docs/decisions/031): the PayPal client secret,
 * Colissimo's contract password and La Poste's API key, each under its own encryption context. Who may use it is
 * said in two places, both here:
 * - its key policy gives the account (`:root`, that is IAM) the key's administration only, never a cryptographic
 *   operation, so no IAM policy, not even an administrator's `kms:*` on `*`, lets anyone encrypt or decrypt with it;
 * - a grant per function role, secret and operation gives exactly `Encrypt` (the admin function, which seals what the
 *   owner saves) or `Decrypt` (the functions calling PayPal or Colissimo), and only for that secret's encryption
 *   context, so a ciphertext of another secret, or of anything else, does not open.
 * Why the account keeps the administration: a key whose policy lets no one change it cannot be managed again, and
 * CreateKey refuses a policy that does not let its creator put a policy later (AWS KMS Developer Guide, "Default key
 * policy" and "Key policies in AWS KMS", BypassPolicyLockoutSafetyCheck). An administrator can therefore still grant
 * herself Decrypt: it is a visible, logged act (CloudTrail CreateGrant), never a side effect of a broad IAM policy.
 */

/** The actions the account keeps on the key: its administration, as AWS's own key administrators statement lists it. */
export const keyAdministrationActions = [
  "kms:Create*",
  "kms:Describe*",
  "kms:Enable*",
  "kms:List*",
  "kms:Put*",
  "kms:Update*",
  "kms:Revoke*",
  "kms:Disable*",
  "kms:Get*",
  "kms:Delete*",
  "kms:TagResource",
  "kms:UntagResource",
  "kms:ScheduleKeyDeletion",
  "kms:CancelKeyDeletion",
  "kms:RotateKeyOnDemand",
] as const;

/** The key policy: administration for the account, nothing cryptographic for anyone (grants give that). */
export function secretsKeyPolicy(accountId: string) {
  return {
    Version: "2012-10-17" as const,
    Statement: [
      {
        Sid: "KeyAdministrationOnly",
        Effect: "Allow" as const,
        Principal: { AWS: `arn:aws:iam::${accountId}:root` },
        Action: [...keyAdministrationActions],
        Resource: "*",
      },
    ],
  };
}

/**
 * Named when it sealed PayPal's secret alone, and kept so: a new component name (or alias name) would replace the
 * key (every stored ciphertext lost) or the alias, and production protects its resources from deletion (sst.config.ts).
 */
export const secretsKey = new aws.kms.Key("PaypalSecretKey", {
  description: `${$app.name} ${$app.stage}: the shop's secrets at rest, PayPal's and Colissimo's (docs/decisions/031)`,
  // Symmetric (the default): Encrypt/Decrypt with an encryption context; rotated yearly by KMS, old ciphertexts open.
  enableKeyRotation: true,
  // The longest wait: a key removed by mistake (stage removed) can be recovered for 30 days.
  deletionWindowInDays: 30,
  policy: aws
    .getCallerIdentityOutput({})
    .apply(({ accountId }) => JSON.stringify(secretsKeyPolicy(accountId))),
});

/** A name the owner recognises in the KMS console. */
export const secretsKeyAlias = new aws.kms.Alias("PaypalSecretKeyAlias", {
  name: `alias/${$app.name}-${$app.stage}-paypal-secret`,
  targetKeyId: secretsKey.keyId,
});

/**
 * What every function gets in its environment: the key's ARN (not a secret). Only the grants below let a function
 * use it; a function without one that tried would be refused by KMS.
 */
export const secretsEnvironment: Record<string, $util.Input<string>> = {
  [SECRETS_KMS_KEY]: secretsKey.arn,
};

const operations: Record<SecretUse, "Encrypt" | "Decrypt"> = { encrypt: "Encrypt", decrypt: "Decrypt" };

/**
 * The grants' names per secret: PayPal's are those it had before the key sealed anything else (a new name would
 * replace every grant).
 */
const grantNames: Record<ShopSecret, { component: string; name: string }> = {
  paypal: { component: "PaypalSecret", name: "paypal-secret" },
  colissimoPassword: { component: "ColissimoPassword", name: "colissimo-password" },
  laposteApiKey: { component: "LaposteApiKey", name: "laposte-api-key" },
};

/**
 * Lets the role of one function `use` the key, for one secret's encryption context only. `name` is the function's
 * component name (`ApiAdmin`, `ReleaseHoldsJob`…); the grant is retired when the function goes.
 */
export function grantShopSecret(
  name: string,
  roleArn: $util.Input<string>,
  secret: ShopSecret,
  use: SecretUse,
): aws.kms.Grant {
  const operation = operations[use];
  const names = grantNames[secret];
  return new aws.kms.Grant(`${name}${names.component}${operation}`, {
    name: `${name}-${names.name}-${use}`,
    keyId: secretsKey.keyId,
    granteePrincipal: roleArn,
    operations: [operation],
    constraints: [{ encryptionContextEquals: { ...secretContexts[secret] } }],
    retireOnDelete: true,
  });
}

/** `grantShopSecret` for the PayPal secret. */
export function grantPaypalSecret(name: string, roleArn: $util.Input<string>, use: SecretUse): aws.kms.Grant {
  return grantShopSecret(name, roleArn, "paypal", use);
}

/**
 * `grantPaypalSecret` for a scheduled job's function (infra/jobs.ts declares each job's function itself): the jobs
 * that call PayPal (secret-access.ts `paypalSecretJobs`) may decrypt the secret.
 */
export function decryptPaypalSecret(name: string, fn: sst.aws.Function): aws.kms.Grant {
  return grantPaypalSecret(name, fn.nodes.role.arn, "decrypt");
}
