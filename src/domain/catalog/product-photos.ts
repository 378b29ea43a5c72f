/**
 * Product photos (decision record 019): what the owner uploads is checked and resized on the server into
 * responsive variants; the pages derive every URL from the photo's id. Zod-free: the storefront islands use it.
 */

/** The widths each photo is resized to (never above its own width), for srcset. */
export const PHOTO_WIDTHS = [320, 640, 960, 1280] as const;
/** Each width is stored as AVIF and WebP; browsers pick the first they read. */
export const PHOTO_FORMATS = ["avif", "webp"] as const;
export type PhotoFormat = (typeof PHOTO_FORMATS)[number];

/**
 * At most this many bytes a file: below the 6 MB a Lambda accepts in a request. The admin's browser shrinks a larger
 * photo before sending it.
 */
export const MAX_PHOTO_BYTES = 4 * 1024 * 1024;
/** The shorter side at least (a sharp card and product page), the longer at most (a camera's, not a poster's). */
export const MIN_PHOTO_SIDE = 400;
export const MAX_PHOTO_SIDE = 8000;
export const MAX_PHOTOS = 10;
/** The image formats accepted, as the server reads them from the bytes (not from the name or the browser's word). */
export const ACCEPTED_PHOTO_FORMATS = ["jpeg", "png", "webp", "avif", "heif"] as const;

/** Where the photo routes are mounted: uploads are the API's only non-JSON bodies (json-only.ts, app.ts). */
export const PHOTOS_API_MOUNT = "/api/admin/photos";

/** Where photos are served: the local server's folder, the bucket behind the Router on AWS. */
export const MEDIA_PATH = "/media";

export interface ProductPhoto {
  /** Random, unique: a new upload never reuses a URL a browser may have cached. */
  id: string;
  alt: string;
  /** The original's size, EXIF orientation applied: the page reserves its space (no layout shift). */
  width: number;
  height: number;
  widths: number[];
}

/** The widths to make from a photo `width` pixels wide: every standard one below it, and at least the smallest. */
export function variantWidths(width: number): number[] {
  const below = PHOTO_WIDTHS.filter((candidate) => candidate <= width);
  return below.length ? below : [PHOTO_WIDTHS[0]];
}

/** The storage key of one variant: `products/12/<id>-640.webp`. */
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

/** `…-320.webp 320w, …-640.webp 640w` */
export function photoSrcset(productId: number, photo: ProductPhoto, format: PhotoFormat): string {
  return photo.widths.map((width) => `${photoUrl(productId, photo.id, width, format)} ${width}w`).join(", ");
}

/** The variant closest above `width` (the largest when none is): a card's image, the zoom's. */
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

/** The product's picture on cards, in the cart, on order lines and in JSON-LD: its first photo, else its image URL. */
export function mainImage(product: { id: number; image: string; photos?: readonly ProductPhoto[] }): string {
  const first = product.photos?.[0];
  return first ? photoSrc(product.id, first, 640) : product.image;
}

/** A photo's height at `width`, keeping its proportions (for the width and height attributes). */
export function scaledHeight(photo: Pick<ProductPhoto, "width" | "height">, width: number): number {
  return Math.round((photo.height * width) / photo.width);
}

/** The order the owner chose, when it names exactly the photos there are; null when it does not (a stale form). */
export function reorderPhotos<T extends { id: string }>(
  photos: readonly T[],
  ids: readonly string[],
): T[] | null {
  if (ids.length !== photos.length || new Set(ids).size !== ids.length) return null;
  const byId = new Map(photos.map((photo) => [photo.id, photo]));
  const ordered = ids.map((id) => byId.get(id));
  return ordered.every((photo): photo is T => photo !== undefined) ? ordered : null;
}
