import { SECRETS_KMS_KEY } from "../functions/platform/adapters/secret-box";
import { type SecretUse, type ShopSecret, secretContexts } from "./secret-access";

/**
 * The KMS key sealing the shop's secrets in the table (docs/decisions/031), each under its own encryption context.
 * Its key policy gives the account the key's administration only, so no IAM policy, not even `kms:*` on `*`, lets
 * anyone encrypt or decrypt; a grant per function role, secret and operation gives exactly `Encrypt` or `Decrypt`
 * for that secret's context. The account keeps the administration because KMS refuses a policy that would lock its
 * creator out (BypassPolicyLockoutSafetyCheck); an administrator granting herself Decrypt is a logged act
 * (CloudTrail CreateGrant), never the side effect of a broad IAM policy.
 */

/** AWS's own key administrators statement. */
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

/** A new component or alias name would replace the key (every ciphertext lost): the PayPal-era names stay. */
export const secretsKey = new aws.kms.Key("PaypalSecretKey", {
  description: `${$app.name} ${$app.stage}: the shop's secrets at rest, PayPal's and Colissimo's (docs/decisions/031)`,
  enableKeyRotation: true,
  // The longest wait: a key removed by mistake (stage removed) can be recovered for 30 days.
  deletionWindowInDays: 30,
  policy: aws
    .getCallerIdentityOutput({})
    .apply(({ accountId }) => JSON.stringify(secretsKeyPolicy(accountId))),
});

export const secretsKeyAlias = new aws.kms.Alias("PaypalSecretKeyAlias", {
  name: `alias/${$app.name}-${$app.stage}-paypal-secret`,
  targetKeyId: secretsKey.keyId,
});

/** The key's ARN is no secret: only the grants below let a function use it. */
export const secretsEnvironment: Record<string, $util.Input<string>> = {
  [SECRETS_KMS_KEY]: secretsKey.arn,
};

const operations: Record<SecretUse, "Encrypt" | "Decrypt"> = { encrypt: "Encrypt", decrypt: "Decrypt" };

/** PayPal's grant names predate the other secrets: a new name would replace every grant. */
const grantNames: Record<ShopSecret, { component: string; name: string }> = {
  paypal: { component: "PaypalSecret", name: "paypal-secret" },
  colissimoPassword: { component: "ColissimoPassword", name: "colissimo-password" },
  laposteApiKey: { component: "LaposteApiKey", name: "laposte-api-key" },
};

/** Lets one function's role `use` the key, for one secret's encryption context only. */
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

export function grantPaypalSecret(name: string, roleArn: $util.Input<string>, use: SecretUse): aws.kms.Grant {
  return grantShopSecret(name, roleArn, "paypal", use);
}

/** For a scheduled job's function (jobs.ts declares them itself). */
export function decryptPaypalSecret(name: string, fn: sst.aws.Function): aws.kms.Grant {
  return grantPaypalSecret(name, fn.nodes.role.arn, "decrypt");
}
