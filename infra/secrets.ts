import { SECRETS_KMS_KEY } from "../functions/platform/adapters/secret-box";
import { PAYPAL_SECRET_CONTEXT } from "../functions/platform/adapters/secret-contexts";
import type { SecretUse } from "./secret-access";

/**
 * The KMS key sealing the PayPal client secret in the table (docs/decisions/031). Who may use it is said in two
 * places, both here:
 * - its key policy gives the account (`:root`, that is IAM) the key's administration only, never a cryptographic
 *   operation, so no IAM policy, not even an administrator's `kms:*` on `*`, lets anyone encrypt or decrypt with it;
 * - a grant per function role gives exactly `Encrypt` (the admin function) or `Decrypt` (the functions calling
 *   PayPal), and only for the encryption context naming this setting, so a ciphertext of anything else does not open.
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
export function paypalSecretKeyPolicy(accountId: string) {
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

export const paypalSecretKey = new aws.kms.Key("PaypalSecretKey", {
  description: `${$app.name} ${$app.stage}: the PayPal client secret at rest (docs/decisions/031)`,
  // Symmetric (the default): Encrypt/Decrypt with an encryption context; rotated yearly by KMS, old ciphertexts open.
  enableKeyRotation: true,
  // The longest wait: a key removed by mistake (stage removed) can be recovered for 30 days.
  deletionWindowInDays: 30,
  policy: aws
    .getCallerIdentityOutput({})
    .apply(({ accountId }) => JSON.stringify(paypalSecretKeyPolicy(accountId))),
});

/** A name the owner recognises in the KMS console. */
export const paypalSecretKeyAlias = new aws.kms.Alias("PaypalSecretKeyAlias", {
  name: `alias/${$app.name}-${$app.stage}-paypal-secret`,
  targetKeyId: paypalSecretKey.keyId,
});

/**
 * What every function gets in its environment: the key's ARN (not a secret). Only the grants below let a function
 * use it; a function without one that tried would be refused by KMS.
 */
export const paypalSecretEnvironment: Record<string, $util.Input<string>> = {
  [SECRETS_KMS_KEY]: paypalSecretKey.arn,
};

const operations: Record<SecretUse, "Encrypt" | "Decrypt"> = { encrypt: "Encrypt", decrypt: "Decrypt" };

/**
 * Lets the role of one function `use` the key, for the PayPal secret's encryption context only. `name` is the
 * function's component name (`ApiAdmin`, `ReleaseHolds`…); the grant is retired when the function goes.
 */
export function grantPaypalSecret(name: string, roleArn: $util.Input<string>, use: SecretUse): aws.kms.Grant {
  const operation = operations[use];
  return new aws.kms.Grant(`${name}PaypalSecret${operation}`, {
    name: `${name}-paypal-secret-${use}`,
    keyId: paypalSecretKey.keyId,
    granteePrincipal: roleArn,
    operations: [operation],
    constraints: [{ encryptionContextEquals: { ...PAYPAL_SECRET_CONTEXT } }],
    retireOnDelete: true,
  });
}

/**
 * `grantPaypalSecret` for a scheduled job's function (infra/jobs.ts declares each job's function itself): the jobs
 * that call PayPal (secret-access.ts `paypalSecretJobs`) may decrypt the secret.
 */
export function decryptPaypalSecret(name: string, fn: sst.aws.Function): aws.kms.Grant {
  return grantPaypalSecret(name, fn.nodes.role.arn, "decrypt");
}
