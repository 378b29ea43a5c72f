/**
 * Product photos (issue 16, decision record 019): the owner uploads, reorders, describes and deletes them; each file
 * is checked by its content, turned upright, stripped of its metadata and resized into AVIF and WebP variants;
 * nothing is ever half-stored.
 */
import { mkdtempSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { createFullApp } from "../../functions/main/full-app";
import { createLocalApp } from "../../functions/main/local";
import { folderStorage, type ObjectStorage } from "../../functions/platform/adapters/object-storage";
import type { Product } from "../../src/domain/catalog/product";
import { createTestContext } from "../setup/test-db";
import { createCustomer } from "../support/customers";
import { createSoap } from "../support/products";

const ctx = await createTestContext();
const admin = await createCustomer(ctx.deps, ctx.app, { isAdmin: true });
const customer = await createCustomer(ctx.deps, ctx.app);

/** Every stored file, relative to the media folder. */
function stored(): string[] {
  return (readdirSync(ctx.mediaDir, { recursive: true }) as string[])
    .filter((path) => /\.(avif|webp)$/.test(path))
    .sort();
}

const photo = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: "#8a9a5b" } });

/** Sends a file's bytes as the admin's photo upload would (or as `caller`). */
function upload(productId: number, body: Uint8Array | string, type = "image/jpeg", alt = "", caller = admin) {
  const query = alt ? `?alt=${encodeURIComponent(alt)}` : "";
  return ctx.app.request(`/api/admin/photos/${productId}${query}`, {
    method: "POST",
    headers: { authorization: `Bearer ${caller.token}`, "content-type": type },
    body: typeof body === "string" ? body : new Blob([new Uint8Array(body)]),
  });
}

describe("uploading a photo", () => {
  it("turns a phone's JPEG upright, strips its EXIF and stores 3 widths in AVIF and WebP", async () => {
    const soap = await createSoap(ctx.deps);
    // A camera's 1600×1200 JPEG taken upright: EXIF orientation 6 (turn 90°), with its metadata.
    const jpeg = await photo(1600, 1200).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    const response = await upload(soap.id, jpeg, "image/jpeg", "Savon coupé en deux");
    expect(response.status, await response.clone().text()).toBe(201);
    const product = (await response.json()) as Product;
    expect(product.photos).toHaveLength(1);
    const [saved] = product.photos;
    expect(saved).toMatchObject({
      alt: "Savon coupé en deux",
      width: 1200,
      height: 1600,
      widths: [320, 640, 960],
    });
    expect(stored().filter((path) => path.includes(saved?.id ?? "?"))).toHaveLength(6);
    const variant = join(ctx.mediaDir, "products", String(soap.id), `${saved?.id}-640.webp`);
    const metadata = await sharp(variant).metadata();
    expect(metadata).toMatchObject({ format: "webp", width: 640, height: Math.round((1600 * 640) / 1200) });
    expect(metadata.exif).toBeUndefined();
    expect(metadata.orientation).toBeUndefined();
    expect((await sharp(variant.replace(".webp", ".avif")).metadata()).format).toBe("heif");
    // The public API shows it; without alt text a photo is described by the product's name.
    const pub = (await (await ctx.app.request(`/api/products/${soap.id}`)).json()) as Product;
    expect(pub.photos.map((p) => p.id)).toEqual([saved?.id]);
    const second = await upload(soap.id, await photo(800, 600).png().toBuffer(), "image/png");
    expect(((await second.json()) as Product).photos[1]?.alt).toBe(soap.name);
  });

  it.each<[string, () => Promise<Uint8Array | string>, string, number, string]>([
    [
      "a text file named like a photo",
      async () => "ceci n'est pas une image",
      "image/jpeg",
      415,
      "PHOTO_INVALID",
    ],
    ["a GIF", async () => photo(500, 500).gif().toBuffer(), "image/gif", 415, "PHOTO_INVALID"],
    ["a thumbnail", async () => photo(300, 300).jpeg().toBuffer(), "image/jpeg", 400, "PHOTO_DIMENSIONS"],
    ["a panorama", async () => photo(8200, 400).jpeg().toBuffer(), "image/jpeg", 400, "PHOTO_DIMENSIONS"],
    [
      "a file over 4 MB",
      async () => new Uint8Array(4 * 1024 * 1024 + 1),
      "image/jpeg",
      413,
      "PHOTO_TOO_LARGE",
    ],
    ["an empty body", async () => new Uint8Array(0), "image/jpeg", 415, "PHOTO_INVALID"],
    [
      "a form's type (CSRF)",
      async () => photo(500, 500).jpeg().toBuffer(),
      "text/plain",
      415,
      "UNSUPPORTED_MEDIA_TYPE",
    ],
  ])("refuses %s in French, storing nothing", async (_name, make, type, status, code) => {
    const soap = await createSoap(ctx.deps);
    const before = stored();
    const response = await upload(soap.id, await make(), type);
    expect(response.status).toBe(status);
    const body = (await response.json()) as { code: string; error: string };
    expect(body.code).toBe(code);
    expect(body.error).toMatch(/^[A-ZÀ-Ü]/);
    expect(stored()).toEqual(before);
    expect(((await (await ctx.app.request(`/api/products/${soap.id}`)).json()) as Product).photos).toEqual(
      [],
    );
  });

  it("is for the admin only, and for a product that exists", async () => {
    const soap = await createSoap(ctx.deps);
    const jpeg = await photo(600, 600).jpeg().toBuffer();
    const anonymous = await ctx.app.request(`/api/admin/photos/${soap.id}`, {
      method: "POST",
      headers: { "content-type": "image/jpeg" },
      body: new Blob([new Uint8Array(jpeg)]),
    });
    expect(anonymous.status).toBe(401);
    expect((await upload(soap.id, jpeg, "image/jpeg", "", customer)).status).toBe(403);
    const before = stored();
    const unknown = await upload(987654, jpeg);
    expect(unknown.status).toBe(404);
    expect(stored()).toEqual(before);
  });

  it("keeps both photos of two uploads at once", async () => {
    const soap = await createSoap(ctx.deps);
    const [a, b] = await Promise.all([
      upload(soap.id, await photo(700, 500).jpeg().toBuffer()),
      upload(soap.id, await photo(500, 700).png().toBuffer(), "image/png"),
    ]);
    expect([a.status, b.status]).toEqual([201, 201]);
    const product = (await (await ctx.app.request(`/api/products/${soap.id}`)).json()) as Product;
    expect(product.photos).toHaveLength(2);
  });

  it("leaves nothing half-stored when the storage fails midway", async () => {
    const soap = await createSoap(ctx.deps);
    const dir = mkdtempSync(join(tmpdir(), "shop-media-failing-"));
    const real = folderStorage(dir);
    let puts = 0;
    const failing: ObjectStorage = {
      put: async (key, body, type) => {
        if (++puts === 3) throw new Error("disk full");
        await real.put(key, body, type);
      },
      get: (key) => real.get(key),
      delete: (keys) => real.delete(keys),
    };
    const app = createFullApp(() => ({ ...ctx.deps, media: failing }));
    const failed = await app.request(`/api/admin/photos/${soap.id}`, {
      method: "POST",
      headers: { authorization: `Bearer ${admin.token}`, "content-type": "image/jpeg" },
      body: new Blob([new Uint8Array(await photo(1000, 800).jpeg().toBuffer())]),
    });
    expect(failed.status).toBe(500);
    expect(
      readdirSync(dir, { recursive: true }).filter((path) => /\.(avif|webp)$/.test(String(path))),
    ).toEqual([]);
    expect(((await (await ctx.app.request(`/api/products/${soap.id}`)).json()) as Product).photos).toEqual(
      [],
    );
  });
});

describe("arranging and deleting photos", () => {
  it("reorders them and sets their alt texts, refuses a stale order, deletes one with its files", async () => {
    const soap = await createSoap(ctx.deps);
    let product: Product | undefined;
    for (const size of [600, 700, 800])
      product = (await (await upload(soap.id, await photo(size, 600).jpeg().toBuffer())).json()) as Product;
    const [a, b, c] = (product?.photos ?? []).map((p) => p.id) as [string, string, string];
    const arranged = await admin.call("PUT", `/api/admin/photos/${soap.id}`, {
      order: [c, a, b],
      alts: { [c]: "Le savon sur sa tranche", [a]: "  " },
    });
    expect(arranged.status).toBe(200);
    const after = (await arranged.json()) as Product;
    expect(after.photos.map((p) => p.id)).toEqual([c, a, b]);
    expect(after.photos[0]?.alt).toBe("Le savon sur sa tranche");
    expect(after.photos[1]?.alt).toBe(soap.name);

    const stale = await admin.call("PUT", `/api/admin/photos/${soap.id}`, { order: [a, b], alts: {} });
    expect(stale.status).toBe(409);
    expect(await stale.json()).toMatchObject({ code: "PHOTOS_CHANGED" });
    const bad = await admin.call("PUT", `/api/admin/photos/${soap.id}`, {
      order: [c, a, b],
      alts: { [a]: "x".repeat(201) },
    });
    expect(bad.status).toBe(400);

    const deleted = await admin.call("DELETE", `/api/admin/photos/${soap.id}/${a}`);
    expect(deleted.status).toBe(200);
    expect(((await deleted.json()) as Product).photos.map((p) => p.id)).toEqual([c, b]);
    expect(stored().filter((path) => path.includes(a))).toEqual([]);
    expect((await admin.call("DELETE", `/api/admin/photos/${soap.id}/${a}`)).status).toBe(404);
    expect((await customer.call("DELETE", `/api/admin/photos/${soap.id}/${b}`)).status).toBe(403);

    // Deleting the product deletes its photos' files.
    // Left: the 800 px photo's and the 700 px photo's (320 and 640, AVIF and WebP each).
    expect(stored().filter((path) => path.startsWith(join("products", String(soap.id))))).toHaveLength(8);
    expect((await admin.call("DELETE", `/api/admin/products/${soap.id}`)).status).toBe(204);
    expect(stored().filter((path) => path.startsWith(join("products", String(soap.id))))).toEqual([]);
  });
});

describe("the local server's /media", () => {
  it("serves a stored variant for a year, and nothing outside the folder", async () => {
    const soap = await createSoap(ctx.deps);
    const product = (await (
      await upload(soap.id, await photo(640, 640).jpeg().toBuffer())
    ).json()) as Product;
    const id = product.photos[0]?.id;
    const local = createLocalApp({
      deps: ctx.deps,
      distDir: mkdtempSync(join(tmpdir(), "dist-")),
      mediaDir: ctx.mediaDir,
    });
    const file = await local.request(`/media/products/${soap.id}/${id}-640.webp`);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("image/webp");
    expect(file.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(file.headers.get("x-content-type-options")).toBe("nosniff");
    for (const path of [
      "/media/../package.json",
      "/media/%2e%2e/package.json",
      "/media/products/x.txt",
      "/media/nope.webp",
    ])
      expect((await local.request(path)).status, path).toBe(404);
  });
});
