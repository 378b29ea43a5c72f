import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { dirname, join, normalize, sep } from "node:path";
import { MEDIA_BUCKET, MEDIA_BUCKET_PREFIX } from "./media-env";

/**
 * Where the shop's uploaded files live (product photos, decision record 019), behind one interface: an S3 bucket on
 * AWS, served by the Router under /media; a folder of the data folder locally, served by the local server.
 * Keys are relative paths such as `products/12/<id>-640.webp`.
 */
export interface ObjectStorage {
  put(key: string, body: Uint8Array, contentType: string): Promise<void>;
  /** Removes these keys; a key already gone is not an error. */
  delete(keys: readonly string[]): Promise<void>;
}

/** Files are named after their content's id: a key never changes content, so browsers keep it a year. */
export const MEDIA_CACHE_CONTROL = "public, max-age=31536000, immutable";

/** A key that stays inside its root: letters, digits, dot, dash, underscore and slashes, no `..`. */
export function isSafeKey(key: string): boolean {
  return /^[A-Za-z0-9._-]+(\/[A-Za-z0-9._-]+)*$/.test(key) && !key.split("/").includes("..");
}

function checkedKey(key: string): string {
  if (!isSafeKey(key)) throw new Error(`Invalid storage key: ${key}`);
  return key;
}

/** The local shop's storage: `<DATA_DIR>/media/<key>`. */
export function folderStorage(root: string): ObjectStorage & { path(key: string): string | null } {
  const path = (key: string) => {
    if (!isSafeKey(key)) return null;
    const absolute = normalize(join(root, key));
    return absolute.startsWith(root + sep) ? absolute : null;
  };
  return {
    path,
    async put(key, body) {
      const file = path(checkedKey(key));
      if (!file) throw new Error(`Invalid storage key: ${key}`);
      await mkdir(dirname(file), { recursive: true });
      await writeFile(file, body);
    },
    async delete(keys) {
      for (const key of keys) {
        const file = path(key);
        if (file) await rm(file, { force: true });
      }
    },
  };
}

/**
 * The bucket on AWS (infra/media.ts); only the photos function's role may write and delete there. Objects sit under
 * `media/`, so the Router's /media path is their key as it is. The S3 client is loaded at the first write: importing
 * it costs ~60 ms of every API function's cold start, and only the photos function writes.
 */
export function s3Storage(bucket: string): ObjectStorage {
  const checked = (key: string) => `${MEDIA_BUCKET_PREFIX}${checkedKey(key)}`;
  let client: import("@aws-sdk/client-s3").S3Client | undefined;
  const s3 = async () => {
    const sdk = await import("@aws-sdk/client-s3");
    client ??= new sdk.S3Client({});
    return { sdk, client };
  };
  return {
    async put(key, body, contentType) {
      const { sdk, client } = await s3();
      await client.send(
        new sdk.PutObjectCommand({
          Bucket: bucket,
          Key: checked(key),
          Body: body,
          ContentType: contentType,
          CacheControl: MEDIA_CACHE_CONTROL,
        }),
      );
    },
    async delete(keys) {
      if (!keys.length) return;
      const { sdk, client } = await s3();
      await client.send(
        new sdk.DeleteObjectsCommand({
          Bucket: bucket,
          Delete: { Objects: keys.map((key) => ({ Key: checked(key) })), Quiet: true },
        }),
      );
    },
  };
}

/** A folder instead (scripts and the local stack). */
export const MEDIA_DIR = "MEDIA_DIR";

/** The storage this process writes to, or undefined where uploads are not possible. */
export function storageFromEnv(env: NodeJS.ProcessEnv = process.env): ObjectStorage | undefined {
  const bucket = env[MEDIA_BUCKET]?.trim();
  if (bucket) return s3Storage(bucket);
  const dir = env[MEDIA_DIR]?.trim();
  return dir ? folderStorage(dir) : undefined;
}

/** Reads a stored file of a folder storage (the local server's /media). */
export async function readStored(
  storage: { path(key: string): string | null },
  key: string,
): Promise<Buffer | null> {
  const file = storage.path(key);
  if (!file) return null;
  try {
    return await readFile(file);
  } catch {
    return null;
  }
}
