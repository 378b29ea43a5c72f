/** Product photos (decision record 019); zod-free: the storefront islands use it. */

export const PHOTO_WIDTHS = [320, 640, 960, 1280] as const;
export const PHOTO_FORMATS = ["avif", "webp"] as const;
export type PhotoFormat = (typeof PHOTO_FORMATS)[number];

/** Below the 6 MB a Lambda accepts; the admin's browser shrinks a larger photo first. */
export const MAX_PHOTO_BYTES = 4 * 1024 * 1024;
export const MIN_PHOTO_SIDE = 400;
export const MAX_PHOTO_SIDE = 8000;
export const MAX_PHOTOS = 10;
/** Read from the bytes, not from the name or the browser's word. */
export const ACCEPTED_PHOTO_FORMATS = ["jpeg", "png", "webp", "avif", "heif"] as const;

/** Uploads are the API's only non-JSON bodies (json-only.ts, app.ts). */
export const PHOTOS_API_MOUNT = "/api/admin/photos";

export const MEDIA_PATH = "/media";

export interface ProductPhoto {
  /** A new upload never reuses a URL a browser may have cached. */
  id: string;
  alt: string;
  /** EXIF orientation applied: the page reserves its space. */
  width: number;
  height: number;
  widths: number[];
}

export function variantWidths(width: number): number[] {
  const below = PHOTO_WIDTHS.filter((candidate) => candidate <= width);
  return below.length ? below : [PHOTO_WIDTHS[0]];
}

export function photoKey(productId: number, photoId: string, width: number, format: PhotoFormat): string {
  return `products/${productId}/${photoId}-${width}.${format}`;
}

export function photoUrl(productId: number, photoId: string, width: number, format: PhotoFormat): string {
  return `${MEDIA_PATH}/${photoKey(productId, photoId, width, format)}`;
}

export function photoKeys(productId: number, photo: Pick<ProductPhoto, "id" | "widths">): string[] {
  return photo.widths.flatMap((width) =>
    PHOTO_FORMATS.map((format) => photoKey(productId, photo.id, width, format)),
  );
}

export function photoSrcset(productId: number, photo: ProductPhoto, format: PhotoFormat): string {
  return photo.widths.map((width) => `${photoUrl(productId, photo.id, width, format)} ${width}w`).join(", ");
}

export function photoSrc(
  productId: number,
  photo: ProductPhoto,
  width: number,
  format: PhotoFormat = "webp",
): string {
  const chosen =
    photo.widths.find((candidate) => candidate >= width) ?? photo.widths.at(-1) ?? PHOTO_WIDTHS[0];
  return photoUrl(productId, photo.id, chosen, format);
}

export function mainImage(product: { id: number; image: string; photos?: readonly ProductPhoto[] }): string {
  const first = product.photos?.[0];
  return first ? photoSrc(product.id, first, 640) : product.image;
}

export function scaledHeight(photo: Pick<ProductPhoto, "width" | "height">, width: number): number {
  return Math.round((photo.height * width) / photo.width);
}

/** Null when it does not name exactly the photos there are (a stale form). */
export function reorderPhotos<T extends { id: string }>(
  photos: readonly T[],
  ids: readonly string[],
): T[] | null {
  if (ids.length !== photos.length || new Set(ids).size !== ids.length) return null;
  const byId = new Map(photos.map((photo) => [photo.id, photo]));
  const ordered = ids.map((id) => byId.get(id));
  return ordered.every((photo): photo is T => photo !== undefined) ? ordered : null;
}
