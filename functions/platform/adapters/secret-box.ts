/**
 * Secrets are sealed before they reach the table (docs/decisions/031-secrets-and-origin.md): KMS on AWS, whose key
 * policy alone says which function may seal or open; AES-256-GCM with a local key file elsewhere. Each value is bound
 * to its `context`, so a ciphertext copied under another setting does not open.
 */
export interface SecretBox {
  readonly scheme: string;
  seal(plaintext: string, context: SecretContext): Promise<string>;
  open(sealed: string, context: SecretContext): Promise<string>;
}

/** Non-secret names binding a sealed value to its use; KMS logs them in CloudTrail, so never put a secret here. */
export type SecretContext = Readonly<Record<string, string>>;

/** Not a passing failure (KMS throttled throws its own errors): the value must be sealed again. */
export class SecretUnreadableError extends Error {
  override name = "SecretUnreadableError";
}

const SEALED = /^enc:([a-z]+):v1:([A-Za-z0-9+/]+={0,2})$/;

/** Whether a stored value is sealed, as opposed to plain text. */
export function isSealed(value: string): boolean {
  return SEALED.test(value);
}

export function contextKey(context: SecretContext): string {
  return JSON.stringify(Object.entries(context).sort(([a], [b]) => (a < b ? -1 : 1)));
}

export function sealedParts(sealed: string, scheme: string): Buffer {
  const match = SEALED.exec(sealed);
  if (!match) throw new SecretUnreadableError("Not a sealed value");
  if (match[1] !== scheme)
    throw new SecretUnreadableError(`Sealed with "${match[1]}", this process opens only "${scheme}" values`);
  return Buffer.from(match[2] ?? "", "base64");
}

/**
 * Decrypt names the key too, so another key's ciphertext is refused. The KMS client is loaded at the first call;
 * opened values are kept for the container's life: one Decrypt per container and secret, not one per payment.
 */
export function kmsSecretBox(keyId: string): SecretBox {
  let client: import("@aws-sdk/client-kms").KMSClient | undefined;
  const kms = async () => {
    const sdk = await import("@aws-sdk/client-kms");
    client ??= new sdk.KMSClient({});
    return { sdk, client };
  };
  const opened = new Map<string, string>();
  return {
    scheme: "kms",
    async seal(plaintext, context) {
      const { sdk, client } = await kms();
      const { CiphertextBlob } = await client.send(
        new sdk.EncryptCommand({
          KeyId: keyId,
          Plaintext: Buffer.from(plaintext, "utf8"),
          EncryptionContext: { ...context },
        }),
      );
      if (!CiphertextBlob) throw new Error("KMS returned no ciphertext");
      return `enc:kms:v1:${Buffer.from(CiphertextBlob).toString("base64")}`;
    },
    async open(sealed, context) {
      const cacheKey = `${contextKey(context)}\n${sealed}`;
      const known = opened.get(cacheKey);
      if (known !== undefined) return known;
      const blob = sealedParts(sealed, "kms");
      const { sdk, client } = await kms();
      const { Plaintext } = await client
        .send(
          new sdk.DecryptCommand({ KeyId: keyId, CiphertextBlob: blob, EncryptionContext: { ...context } }),
        )
        .catch((error: unknown) => {
          // KMS's names for "not this key" and "not this context, or altered" (AWS KMS API Reference, "Decrypt").
          const name = (error as { name?: string }).name;
          if (name === "InvalidCiphertextException" || name === "IncorrectKeyException")
            throw new SecretUnreadableError(`KMS refused the sealed value (${name})`, { cause: error });
          throw error;
        });
      if (!Plaintext) throw new Error("KMS returned no plaintext");
      const plaintext = Buffer.from(Plaintext).toString("utf8");
      opened.set(cacheKey, plaintext);
      return plaintext;
    },
  };
}

export const SECRETS_KMS_KEY = "SECRETS_KMS_KEY";
export const LOCAL_SECRET_KEY_FILE = "secret.key";

export function secretBoxFromEnv(env: NodeJS.ProcessEnv = process.env): SecretBox | undefined {
  const keyId = env[SECRETS_KMS_KEY]?.trim();
  return keyId ? kmsSecretBox(keyId) : undefined;
}
