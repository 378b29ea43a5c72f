/**
 * The gallery's photos, as ProductPicture (src/islands/catalog/ProductPicture.tsx) prints them: a <picture> with an
 * AVIF and a WebP source at every stored width, and an <img> whose width and height keep the photo's place.
 */
import {
  PHOTO_FORMATS,
  type ProductPhoto,
  photoSrc,
  photoSrcset,
  scaledHeight,
} from "../../domain/catalog/product-photos";
import { setAttribute } from "./dom";

/** Shows another photo in an existing <picture>: its sources, its fallback image, its text and its size. */
export function showPhoto(picture: Element, productId: number, photo: ProductPhoto, width: number): void {
  for (const source of picture.querySelectorAll("source")) {
    const format = PHOTO_FORMATS.find((candidate) => source.type === `image/${candidate}`);
    if (format) setAttribute(source, "srcset", photoSrcset(productId, photo, format));
  }
  const img = picture.querySelector("img");
  setAttribute(img, "alt", photo.alt);
  setAttribute(img, "width", String(width));
  setAttribute(img, "height", String(scaledHeight(photo, width)));
  setAttribute(img, "src", photoSrc(productId, photo, width));
}

/** The `sizes` of a <picture>'s sources (the zoom changes it). */
export function setSizes(picture: Element, sizes: string): void {
  for (const source of picture.querySelectorAll("source")) setAttribute(source, "sizes", sizes);
}
