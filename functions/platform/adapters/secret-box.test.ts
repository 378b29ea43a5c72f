import { mkdtempSync, rmSync, statSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DecryptCommand, EncryptCommand, KMSClient } from "@aws-sdk/client-kms";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { localSecretBox } from "./local-secret-box";
import {
  isSealed,
  kmsSecretBox,
  SECRETS_KMS_KEY,
  SecretUnreadableError,
  secretBoxFromEnv,
} from "./secret-box";

const dir = mkdtempSync(join(tmpdir(), "secret-box-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
afterEach(() => vi.restoreAllMocks());

const context = { shop_setting: "payment_paypal.client_secret" };

describe("the local box (npm start, tests)", () => {
  it("seals to a value that holds nothing of the secret and opens back with the same key and context", async () => {
    const box = localSecretBox(join(dir, "a", "secret.key"));
    const sealed = await box.seal("EKf-secret_42", context);
    expect(sealed).toMatch(/^enc:local:v1:[A-Za-z0-9+/]+={0,2}$/);
    expect(isSealed(sealed)).toBe(true);
    expect(sealed).not.toContain("EKf-secret_42");
    // A fresh nonce each time: the same secret never seals to the same value.
    expect(await box.seal("EKf-secret_42", context)).not.toBe(sealed);
    expect(await box.open(sealed, context)).toBe("EKf-secret_42");
    // Another box on the same file (the shop and a test writing its table) opens it too.
    expect(await localSecretBox(join(dir, "a", "secret.key")).open(sealed, context)).toBe("EKf-secret_42");
  });

  it("makes its key once, readable by its owner only, and two boxes starting together share it", async () => {
    const file = join(dir, "b", "secret.key");
    const [first, second] = [localSecretBox(file), localSecretBox(file)];
    const [sealed] = await Promise.all([first.seal("un", context), second.seal("deux", context)]);
    expect(await second.open(sealed ?? "", context)).toBe("un");
    expect((await readFile(file)).length).toBe(32);
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it("refuses a value sealed under another context, another key, or altered", async () => {
    const box = localSecretBox(join(dir, "c", "secret.key"));
    const sealed = await box.seal("secret", context);
    await expect(box.open(sealed, { shop_setting: "company_info.siret" })).rejects.toBeInstanceOf(
      SecretUnreadableError,
    );
    await expect(localSecretBox(join(dir, "d", "secret.key")).open(sealed, context)).rejects.toBeInstanceOf(
      SecretUnreadableError,
    );
    const bytes = Buffer.from(sealed.slice("enc:local:v1:".length), "base64");
    bytes[bytes.length - 1] = (bytes[bytes.length - 1] ?? 0) ^ 1;
    await expect(box.open(`enc:local:v1:${bytes.toString("base64")}`, context)).rejects.toBeInstanceOf(
      SecretUnreadableError,
    );
    await expect(box.open("enc:kms:v1:AAAA", context)).rejects.toBeInstanceOf(SecretUnreadableError);
    expect(isSealed("EKf-secret_42")).toBe(false);
  });
});

describe("the KMS box (AWS)", () => {
  it("encrypts and decrypts with its key and the context, and decrypts a value once per container", async () => {
    const send = vi.spyOn(KMSClient.prototype, "send").mockImplementation(async (command: unknown) => {
      if (command instanceof EncryptCommand) {
        const plaintext = Buffer.from(command.input.Plaintext ?? new Uint8Array()).toString();
        return { CiphertextBlob: Buffer.from(`blob(${plaintext})`) };
      }
      if (command instanceof DecryptCommand) {
        const blob = Buffer.from(command.input.CiphertextBlob ?? new Uint8Array()).toString();
        return { Plaintext: Buffer.from(blob.replace(/^blob\((.*)\)$/, "$1")) };
      }
      throw new Error("unexpected command");
    });
    const box = kmsSecretBox("alias/savon-shop-production-paypal-secret");
    const sealed = await box.seal("EKf-secret", context);
    expect(sealed).toBe(`enc:kms:v1:${Buffer.from("blob(EKf-secret)").toString("base64")}`);
    expect(await box.open(sealed, context)).toBe("EKf-secret");
    expect(await box.open(sealed, context)).toBe("EKf-secret");

    const [encrypt, decrypt, ...others] = send.mock.calls.map(([command]) => command);
    expect(others).toEqual([]);
    expect((encrypt as EncryptCommand).input).toMatchObject({
      KeyId: "alias/savon-shop-production-paypal-secret",
      EncryptionContext: context,
    });
    expect((decrypt as DecryptCommand).input).toMatchObject({
      KeyId: "alias/savon-shop-production-paypal-secret",
      EncryptionContext: context,
    });
  });

  it("says a ciphertext KMS refuses is unreadable, and lets a passing failure through as it is", async () => {
    const refused = Object.assign(new Error("bad context"), { name: "InvalidCiphertextException" });
    const throttled = Object.assign(new Error("slow down"), { name: "ThrottlingException" });
    vi.spyOn(KMSClient.prototype, "send").mockRejectedValueOnce(refused).mockRejectedValueOnce(throttled);
    const box = kmsSecretBox("alias/k");
    await expect(box.open("enc:kms:v1:AAAA", context)).rejects.toBeInstanceOf(SecretUnreadableError);
    await expect(box.open("enc:kms:v1:AAAB", context)).rejects.toBe(throttled);
    await expect(box.open("enc:local:v1:AAAA", context)).rejects.toBeInstanceOf(SecretUnreadableError);
  });
});

describe("secretBoxFromEnv", () => {
  it("is KMS where the key is set (Lambda), and none otherwise (npm start builds its local box itself)", () => {
    expect(secretBoxFromEnv({ [SECRETS_KMS_KEY]: "alias/k" })?.scheme).toBe("kms");
    expect(secretBoxFromEnv({})).toBeUndefined();
  });
});
