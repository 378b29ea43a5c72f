import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { dirname } from "node:path";
import { contextKey, type SecretBox, SecretUnreadableError, sealedParts } from "./secret-box";

const KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * AES-256-GCM under a key file (mode 0600) made with an exclusive create, so the shop and a test starting together
 * get the same key. Losing the file loses only the sealed secrets, which the owner types again.
 */
export function localSecretBox(keyFile: string): SecretBox {
  let key: Promise<Buffer> | undefined;
  const loadKey = async (): Promise<Buffer> => {
    await mkdir(dirname(keyFile), { recursive: true });
    try {
      await writeFile(keyFile, randomBytes(KEY_BYTES), { flag: "wx", mode: 0o600 });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    const bytes = await readFile(keyFile);
    if (bytes.length !== KEY_BYTES) throw new Error(`${keyFile} is not a ${KEY_BYTES}-byte key`);
    return bytes;
  };
  const getKey = () => {
    key ??= loadKey().catch((error: unknown) => {
      key = undefined;
      throw error;
    });
    return key;
  };
  return {
    scheme: "local",
    async seal(plaintext, context) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv("aes-256-gcm", await getKey(), iv);
      cipher.setAAD(Buffer.from(contextKey(context)));
      const body = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
      return `enc:local:v1:${Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64")}`;
    },
    async open(sealed, context) {
      const bytes = sealedParts(sealed, "local");
      const decipher = createDecipheriv("aes-256-gcm", await getKey(), bytes.subarray(0, IV_BYTES));
      decipher.setAAD(Buffer.from(contextKey(context)));
      decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      try {
        return Buffer.concat([
          decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)),
          decipher.final(),
        ]).toString("utf8");
      } catch (cause) {
        // GCM's tag did not match: another key file, another context, or altered bytes.
        throw new SecretUnreadableError("The sealed value does not open with this key and context", {
          cause,
        });
      }
    },
  };
}
