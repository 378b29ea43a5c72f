import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { dirname, join, normalize, resolve, sep } from "node:path";
import { DOCUMENTS_BUCKET, DOCUMENTS_DIR } from "./documents-env";
import { MEDIA_BUCKET, MEDIA_BUCKET_PREFIX } from "./media-env";

/**
 * The shop's files: an S3 bucket on AWS, a folder locally. The media (photos) are public; the
 * documents (label PDFs) private, read only by the admin routes.
 */
export interface ObjectStorage {
  put(key: string, body: Uint8Array, contentType: string): Promise<void>;
  get(key: string): Promise<Uint8Array | null>;
  delete(keys: readonly string[]): Promise<void>;
}

/** Files are named after their content's id: a key never changes content, so browsers keep it a year. */
export const MEDIA_CACHE_CONTROL = "public, max-age=31536000, immutable";
/** A document carries a customer's name and address: no cache anywhere, should one ever be served as it is stored. */
export const DOCUMENTS_CACHE_CONTROL = "private, no-store";

/** A key that stays inside its root: letters, digits, dot, dash, underscore and slashes, no `..`. */
export function isSafeKey(key: string): boolean {
  return /^[A-Za-z0-9._-]+(\/[A-Za-z0-9._-]+)*$/.test(key) && !key.split("/").includes("..");
}

function checkedKey(key: string): string {
  if (!isSafeKey(key)) throw new Error(`Invalid storage key: ${key}`);
  return key;
}

/** Bytes that are exactly their buffer, so `.buffer` never carries a neighbour's bytes (Node pools small Buffers). */
function ownBytes(bytes: Uint8Array): Uint8Array {
  return bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength && !Buffer.isBuffer(bytes)
    ? bytes
    : new Uint8Array(bytes);
}

/** A missing file, or a path through a file or to a folder: nothing stored under that key. */
const isMissing = (error: unknown) =>
  ["ENOENT", "ENOTDIR", "EISDIR"].includes((error as NodeJS.ErrnoException).code ?? "");

export function folderStorage(folder: string): ObjectStorage & { path(key: string): string | null } {
  const root = resolve(folder);
  const path = (key: string) => {
    if (!isSafeKey(key)) return null;
    const absolute = normalize(join(root, key));
    return absolute.startsWith(root + sep) ? absolute : null;
  };
  return {
    path,
    async get(key) {
      const file = path(key);
      if (!file) return null;
      try {
        return ownBytes(await readFile(file));
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
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

interface BucketLayout {
  readonly prefix: string;
  readonly cacheControl: string;
}

/** The S3 client is loaded at the first call: importing it costs ~60 ms of every API function's cold start. */
function bucketStorage(bucket: string, { prefix, cacheControl }: BucketLayout): ObjectStorage {
  const checked = (key: string) => `${prefix}${checkedKey(key)}`;
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
          CacheControl: cacheControl,
        }),
      );
    },
    async get(key) {
      if (!isSafeKey(key)) return null;
      const { sdk, client } = await s3();
      try {
        const answer = await client.send(new sdk.GetObjectCommand({ Bucket: bucket, Key: checked(key) }));
        return answer.Body ? ownBytes(await answer.Body.transformToByteArray()) : new Uint8Array();
      } catch (error) {
        // S3 says NoSuchKey only to a role that may list the bucket; without s3:ListBucket a missing key is
        // AccessDenied.
        if (error instanceof sdk.NoSuchKey || (error as Error).name === "NoSuchKey") return null;
        throw error;
      }
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

/** Only the photos function's role may write here; the Router's /media path is the key as it is. */
export function s3Storage(bucket: string): ObjectStorage {
  return bucketStorage(bucket, { prefix: MEDIA_BUCKET_PREFIX, cacheControl: MEDIA_CACHE_CONTROL });
}

/** Only the shipping function's role may read and write here; no Router path leads to it. */
export function s3DocumentsStorage(bucket: string): ObjectStorage {
  return bucketStorage(bucket, { prefix: "", cacheControl: DOCUMENTS_CACHE_CONTROL });
}

export const MEDIA_DIR = "MEDIA_DIR";

export function storageFromEnv(env: NodeJS.ProcessEnv = process.env): ObjectStorage | undefined {
  const bucket = env[MEDIA_BUCKET]?.trim();
  if (bucket) return s3Storage(bucket);
  const dir = env[MEDIA_DIR]?.trim();
  return dir ? folderStorage(dir) : undefined;
}

export function documentsStorageFromEnv(env: NodeJS.ProcessEnv = process.env): ObjectStorage | undefined {
  const bucket = env[DOCUMENTS_BUCKET]?.trim();
  if (bucket) return s3DocumentsStorage(bucket);
  const dir = env[DOCUMENTS_DIR]?.trim();
  return dir ? folderStorage(dir) : undefined;
}

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
