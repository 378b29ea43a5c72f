import type { Metadata, Sharp } from "sharp";
import type { Product } from "../../src/domain/catalog/product";
import {
  ACCEPTED_PHOTO_FORMATS,
  MAX_PHOTO_BYTES,
  MAX_PHOTO_SIDE,
  MAX_PHOTOS,
  MIN_PHOTO_SIDE,
  PHOTO_FORMATS,
  type PhotoFormat,
  type ProductPhoto,
  photoKey,
  photoKeys,
  reorderPhotos,
  variantWidths,
} from "../../src/domain/catalog/product-photos";
import { DomainError } from "../../src/domain/errors";
import { newId } from "../platform/adapters/ids";
import type { ObjectStorage } from "../platform/adapters/object-storage";
import { isConditionFailure } from "../platform/db/errors";
import { retryOnStale, STALE } from "../platform/db/retry-on-stale";
import type { Deps } from "../platform/deps";
import { markSiteStale } from "../publishing/publishing";
import { productEntity } from "./product-entity";
import { toProduct } from "./service";

type PhotoDeps = Pick<Deps, "db" | "clock" | "media" | "publisher">;

const CONTENT_TYPES: Record<PhotoFormat, string> = { avif: "image/avif", webp: "image/webp" };
/** Quality for each format: AVIF reaches WebP's look at a lower setting; both well below a camera's JPEG. */
const ENCODE: Record<PhotoFormat, (image: Sharp) => Sharp> = {
  avif: (image) => image.avif({ quality: 55, effort: 4 }),
  webp: (image) => image.webp({ quality: 80 }),
};
/** Only the photos function installs sharp on AWS; the OpenAPI function imports these routes for their docs. */
async function loadSharp() {
  return (await import("sharp")).default;
}

function storage(deps: PhotoDeps): ObjectStorage {
  if (!deps.media)
    throw new DomainError("UNAVAILABLE", "L'envoi de photos n'est pas disponible sur ce serveur.");
  return deps.media;
}

/** Read from its bytes, never from the file's name or the browser's Content-Type. */
export async function inspectPhoto(bytes: Uint8Array): Promise<{ width: number; height: number }> {
  if (bytes.byteLength === 0) throw new DomainError("PHOTO_INVALID");
  if (bytes.byteLength > MAX_PHOTO_BYTES) throw new DomainError("PHOTO_TOO_LARGE");
  const sharp = await loadSharp();
  let metadata: Metadata;
  try {
    metadata = await sharp(bytes).metadata();
  } catch {
    throw new DomainError("PHOTO_INVALID");
  }
  const format = metadata.format as string | undefined;
  if (
    !format ||
    !(ACCEPTED_PHOTO_FORMATS as readonly string[]).includes(format) ||
    !metadata.width ||
    !metadata.height
  )
    throw new DomainError("PHOTO_INVALID");
  // Orientations 5 to 8 turn the picture a quarter: its width is the stored height.
  const turned = (metadata.orientation ?? 1) >= 5;
  const width = turned ? metadata.height : metadata.width;
  const height = turned ? metadata.width : metadata.height;
  if (Math.min(width, height) < MIN_PHOTO_SIDE || Math.max(width, height) > MAX_PHOTO_SIDE)
    throw new DomainError("PHOTO_DIMENSIONS");
  return { width, height };
}

/** Written on the condition that nobody wrote meanwhile. */
async function changePhotos(
  deps: PhotoDeps,
  productId: number,
  change: (photos: ProductPhoto[]) => ProductPhoto[],
): Promise<Product> {
  return retryOnStale(
    async () => {
      const { data } = await productEntity(deps.db).get({ id: productId }).go();
      if (!data) throw new DomainError("PRODUCT_NOT_FOUND");
      const photos = change((data.photos ?? []).map((photo) => ({ ...photo, widths: [...photo.widths] })));
      const updatedAt = deps.clock().toISOString();
      try {
        await productEntity(deps.db)
          .patch({ id: productId })
          .set({ photos, updated_at: updatedAt })
          .where(({ updated_at }, { eq }) => eq(updated_at, data.updated_at))
          .go();
        await markSiteStale(deps, `Photos du produit « ${data.name} » modifiées`);
        return toProduct({ ...data, photos, updated_at: updatedAt });
      } catch (error) {
        if (isConditionFailure(error)) return STALE;
        throw error;
      }
    },
    (): never => {
      throw new DomainError(
        "CONFLICT",
        "Les photos de ce produit changent sans cesse en ce moment : réessayez dans un instant.",
      );
    },
  );
}

/**
 * Turned upright and stripped of its metadata (EXIF, GPS) before it is stored. Nothing is left half-stored: a failed
 * write, or a product that cannot take the photo, removes the variants already written.
 */
export async function addProductPhoto(
  deps: PhotoDeps,
  productId: number,
  bytes: Uint8Array,
  alt: string,
): Promise<Product> {
  const media = storage(deps);
  const { data: product } = await productEntity(deps.db).get({ id: productId }).go();
  if (!product) throw new DomainError("PRODUCT_NOT_FOUND");
  if ((product.photos ?? []).length >= MAX_PHOTOS) throw new DomainError("PHOTO_LIMIT");
  const { width, height } = await inspectPhoto(bytes);
  const sharp = await loadSharp();

  const photo: ProductPhoto = {
    id: newId().toLowerCase(),
    alt: alt.trim() || product.name,
    width,
    height,
    widths: variantWidths(width),
  };
  const written: string[] = [];
  try {
    for (const size of photo.widths) {
      for (const format of PHOTO_FORMATS) {
        // rotate() with no angle applies the EXIF orientation; sharp drops the metadata unless asked to keep it.
        const body = await ENCODE[format](
          sharp(bytes).rotate().resize({ width: size, withoutEnlargement: true }),
        ).toBuffer();
        const key = photoKey(productId, photo.id, size, format);
        await media.put(key, body, CONTENT_TYPES[format]);
        written.push(key);
      }
    }
    return await changePhotos(deps, productId, (photos) => {
      if (photos.length >= MAX_PHOTOS) throw new DomainError("PHOTO_LIMIT");
      return [...photos, photo];
    });
  } catch (error) {
    await media
      .delete(written)
      .catch((cleanup) => console.error("Photo variants left in storage", written, cleanup));
    if (error instanceof DomainError) throw error;
    if (
      error &&
      typeof error === "object" &&
      "message" in error &&
      /unsupported|bad|corrupt/i.test(String(error.message))
    )
      throw new DomainError("PHOTO_INVALID");
    throw error;
  }
}

/** `order` must name exactly the product's photos, else 409: a stale list. */
export async function arrangeProductPhotos(
  deps: PhotoDeps,
  productId: number,
  arrangement: { order: string[]; alts: Record<string, string> },
): Promise<Product> {
  return changePhotos(deps, productId, (photos) => {
    const ordered = reorderPhotos(photos, arrangement.order);
    if (!ordered) throw new DomainError("PHOTOS_CHANGED");
    return ordered.map((photo) => ({ ...photo, alt: arrangement.alts[photo.id]?.trim() || photo.alt }));
  });
}

export async function deleteProductPhoto(
  deps: PhotoDeps,
  productId: number,
  photoId: string,
): Promise<Product> {
  const media = storage(deps);
  let removed: ProductPhoto | undefined;
  const product = await changePhotos(deps, productId, (photos) => {
    removed = photos.find((photo) => photo.id === photoId);
    if (!removed) throw new DomainError("PHOTO_NOT_FOUND");
    return photos.filter((photo) => photo.id !== photoId);
  });
  if (removed) await media.delete(photoKeys(productId, removed));
  return product;
}
