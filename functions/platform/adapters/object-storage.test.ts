import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  DeleteObjectsCommand,
  GetObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { DOCUMENTS_BUCKET, DOCUMENTS_DIR } from "./documents-env";
import {
  DOCUMENTS_CACHE_CONTROL,
  documentsStorageFromEnv,
  folderStorage,
  MEDIA_CACHE_CONTROL,
  s3DocumentsStorage,
  s3Storage,
} from "./object-storage";

const dir = mkdtempSync(join(tmpdir(), "object-storage-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
afterEach(() => vi.restoreAllMocks());

const pdf = new TextEncoder().encode("%PDF-1.7 Mme Dupont, 3 rue des Lilas, 75011 Paris");
const labelKey = "labels/01JORDER/6A12345678901.pdf";

/** Bytes that own their buffer: what a route may hand to `new Response(bytes.buffer)` without leaking a neighbour. */
function expectOwnBytes(bytes: Uint8Array | null): void {
  expect(bytes).toBeInstanceOf(Uint8Array);
  expect(Buffer.isBuffer(bytes)).toBe(false);
  expect(bytes?.byteOffset).toBe(0);
  expect(bytes?.buffer.byteLength).toBe(bytes?.byteLength);
}

describe("the folder storage (npm start, the tests)", () => {
  it("gives back what was put, as bytes of their own", async () => {
    const storage = folderStorage(join(dir, "documents"));
    await storage.put(labelKey, pdf, "application/pdf");
    const stored = await storage.get(labelKey);
    expect(stored).toEqual(pdf);
    expectOwnBytes(stored);
  });

  it("answers null for a key with nothing stored: a missing file, a folder, a path through a file", async () => {
    const storage = folderStorage(join(dir, "missing"));
    expect(await storage.get("labels/01JNONE/6A00000000000.pdf")).toBeNull();
    await storage.put("labels/01JORDER/6A1.pdf", pdf, "application/pdf");
    expect(await storage.get("labels/01JORDER")).toBeNull();
    expect(await storage.get("labels/01JORDER/6A1.pdf/more.pdf")).toBeNull();
  });

  it("answers null for an unsafe key, and reads nothing outside its folder", async () => {
    const root = join(dir, "safe", "documents");
    const storage = folderStorage(root);
    mkdirSync(root, { recursive: true });
    // A file beside the folder, which a key climbing out would reach.
    writeFileSync(join(dir, "safe", "secret.key"), "not a document");
    expect(await folderStorage(join(dir, "safe")).get("secret.key")).not.toBeNull();
    for (const key of [
      "../secret.key",
      "labels/../../secret.key",
      "/etc/passwd",
      "labels//x.pdf",
      "labels/x.pdf/",
      "",
      ".",
      "..",
      "labels\\..\\..\\secret.key",
      "labels/%2e%2e/secret.key",
    ])
      expect(await storage.get(key), JSON.stringify(key)).toBeNull();
  });

  it("finds its files from a relative folder as well", async () => {
    const relative = join(dir, "relative").replace(`${process.cwd()}/`, "");
    const storage = folderStorage(relative);
    await storage.put("a/b.pdf", pdf, "application/pdf");
    expect(await folderStorage(join(dir, "relative")).get("a/b.pdf")).toEqual(pdf);
  });
});

describe("the documents storage from the environment", () => {
  it("is a folder under DOCUMENTS_DIR, the bucket under DOCUMENTS_BUCKET (which wins), else none", async () => {
    const folder = join(dir, "env-documents");
    const fromDir = documentsStorageFromEnv({ [DOCUMENTS_DIR]: folder });
    await fromDir?.put(labelKey, pdf, "application/pdf");
    expect(await folderStorage(folder).get(labelKey)).toEqual(pdf);

    const send = vi.spyOn(S3Client.prototype, "send").mockResolvedValue({} as never);
    const fromBucket = documentsStorageFromEnv({
      [DOCUMENTS_BUCKET]: "documents-bucket",
      [DOCUMENTS_DIR]: folder,
    });
    await fromBucket?.put(labelKey, pdf, "application/pdf");
    const [put] = send.mock.calls[0] ?? [];
    expect((put as PutObjectCommand).input.Bucket).toBe("documents-bucket");

    expect(documentsStorageFromEnv({})).toBeUndefined();
    expect(documentsStorageFromEnv({ [DOCUMENTS_BUCKET]: " ", [DOCUMENTS_DIR]: "" })).toBeUndefined();
  });
});

describe("the S3 storages", () => {
  /** GetObject's body, whose bytes may be a view of a larger (pooled) buffer. */
  const body = (bytes: Uint8Array) => ({ transformToByteArray: async () => Buffer.from(bytes) });

  it("store documents under their own key, private and never cached; media under media/, cached a year", async () => {
    const send = vi.spyOn(S3Client.prototype, "send").mockResolvedValue({} as never);
    await s3DocumentsStorage("documents-bucket").put(labelKey, pdf, "application/pdf");
    await s3Storage("media-bucket").put("products/12/a-640.webp", pdf, "image/webp");
    const [documents, media] = send.mock.calls.map(([command]) => command as PutObjectCommand);
    expect(documents).toBeInstanceOf(PutObjectCommand);
    expect(documents?.input).toMatchObject({
      Bucket: "documents-bucket",
      Key: labelKey,
      ContentType: "application/pdf",
      CacheControl: DOCUMENTS_CACHE_CONTROL,
    });
    expect(DOCUMENTS_CACHE_CONTROL).toBe("private, no-store");
    expect(media?.input).toMatchObject({
      Bucket: "media-bucket",
      Key: "media/products/12/a-640.webp",
      CacheControl: MEDIA_CACHE_CONTROL,
    });
  });

  it("read a document back by its key, as bytes of their own", async () => {
    const send = vi
      .spyOn(S3Client.prototype, "send")
      .mockImplementation(async () => ({ Body: body(pdf) }) as never);
    const stored = await s3DocumentsStorage("documents-bucket").get(labelKey);
    expect(stored).toEqual(pdf);
    expectOwnBytes(stored);
    const [command] = send.mock.calls[0] ?? [];
    expect(command).toBeInstanceOf(GetObjectCommand);
    expect((command as GetObjectCommand).input).toEqual({ Bucket: "documents-bucket", Key: labelKey });
  });

  it("answer null for S3's NoSuchKey and for an unsafe key (S3 not asked); any other failure is thrown", async () => {
    const missing = new NoSuchKey({ message: "The specified key does not exist.", $metadata: {} });
    const denied = new S3ServiceException({
      name: "AccessDenied",
      $fault: "client",
      message: "Access Denied",
      $metadata: { httpStatusCode: 403 },
    });
    const send = vi
      .spyOn(S3Client.prototype, "send")
      .mockRejectedValueOnce(missing)
      .mockRejectedValueOnce(denied);
    const storage = s3DocumentsStorage("documents-bucket");
    expect(await storage.get(labelKey)).toBeNull();
    await expect(storage.get(labelKey)).rejects.toBe(denied);
    expect(await storage.get("../labels/x.pdf")).toBeNull();
    expect(send).toHaveBeenCalledTimes(2);
  });

  it("delete documents by their own key", async () => {
    const send = vi.spyOn(S3Client.prototype, "send").mockResolvedValue({} as never);
    await s3DocumentsStorage("documents-bucket").delete([labelKey]);
    const [command] = send.mock.calls[0] ?? [];
    expect(command).toBeInstanceOf(DeleteObjectsCommand);
    expect((command as DeleteObjectsCommand).input.Delete?.Objects).toEqual([{ Key: labelKey }]);
  });
});
