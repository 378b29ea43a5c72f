/**
 * Where the shop's secrets are sealed before they reach the table (issue 27, docs/decisions/031), behind one
 * interface, as object-storage.ts does for S3 and a folder:
 * - on AWS, a KMS key (infra/secrets.ts): `seal` is KMS Encrypt, `open` is KMS Decrypt, and the key policy alone
 *   says which function may do which (the admin function encrypts, the functions calling PayPal decrypt);
 * - locally (npm start, tests), AES-256-GCM with a key file in the data folder, made on first use, never committed
 *   (local-secret-box.ts, kept out of the Lambda bundles).
 * A sealed value is a string `enc:<scheme>:v1:<base64>`; each is bound to its `context` (KMS's encryption context,
 * GCM's additional data), so a ciphertext copied under another setting does not open.
 */
export interface SecretBox {
  /** The scheme its sealed values carry (`kms`, `local`): a value sealed by another cannot be opened here. */
  readonly scheme: string;
  seal(plaintext: string, context: SecretContext): Promise<string>;
  open(sealed: string, context: SecretContext): Promise<string>;
}

/** Non-secret names binding a sealed value to its use; KMS logs them in CloudTrail, so never put a secret here. */
export type SecretContext = Readonly<Record<string, string>>;

/**
 * A sealed value this box cannot open: another scheme or key, another context, or altered bytes. Not a passing
 * failure (KMS throttled or unreachable throws its own errors): the value must be sealed again.
 */
export class SecretUnreadableError extends Error {
  override name = "SecretUnreadableError";
}

const SEALED = /^enc:([a-z]+):v1:([A-Za-z0-9+/]+={0,2})$/;

/** Whether a stored value is a sealed one (as opposed to a plain text one saved before issue 27). */
export function isSealed(value: string): boolean {
  return SEALED.test(value);
}

/** The context as one string, its entries sorted, so the order they were written in does not matter. */
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
 * The AWS box: KMS Encrypt and Decrypt with a symmetric key, the plaintext (a PayPal secret, well under the 4,096
 * bytes Encrypt takes; AWS KMS API Reference, "Encrypt") sent to KMS directly. Decrypt names the key too, so a
 * ciphertext of another key is refused. The KMS client is loaded at the first call: only the admin function and the
 * functions calling PayPal ever seal or open, and the SDK is the Lambda runtime's (infra/lambda-bundle.ts).
 * Opened values are kept for the container's life: one Decrypt per container and secret, not one per payment.
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

/** The KMS key's ARN on AWS: infra/secrets.ts names it to every function; only its grants let one use it. */
export const SECRETS_KMS_KEY = "SECRETS_KMS_KEY";
/** Where npm start keeps its local key (local-secret-box.ts), inside the data folder (DATA_DIR). */
export const LOCAL_SECRET_KEY_FILE = "secret.key";

/** The box of a Lambda function (KMS), or undefined where none is configured (it then can neither seal nor open). */
export function secretBoxFromEnv(env: NodeJS.ProcessEnv = process.env): SecretBox | undefined {
  const keyId = env[SECRETS_KMS_KEY]?.trim();
  return keyId ? kmsSecretBox(keyId) : undefined;
}
