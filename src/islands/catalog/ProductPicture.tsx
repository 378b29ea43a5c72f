import type { ImgHTMLAttributes } from "react";
import { type ProductPhoto, photoSrc, photoSrcset, scaledHeight } from "../../domain/catalog/product-photos";

interface Props extends Pick<ImgHTMLAttributes<HTMLImageElement>, "loading" | "fetchPriority" | "className"> {
  productId: number;
  photo: ProductPhoto;
  /** How wide the picture is shown, for the browser to pick a variant (the `sizes` attribute). */
  sizes: string;
  /** The width the layout reserves; the height follows the photo's proportions (no layout shift). */
  width: number;
}

/**
 * One product photo: AVIF for the browsers that read it, WebP otherwise, each at the widths
 * stored, with its width and height so the page keeps its place while it loads.
 */
export function ProductPicture({ productId, photo, sizes, width, ...img }: Props) {
  return (
    <picture>
      <source type="image/avif" srcSet={photoSrcset(productId, photo, "avif")} sizes={sizes} />
      <source type="image/webp" srcSet={photoSrcset(productId, photo, "webp")} sizes={sizes} />
      <img
        src={photoSrc(productId, photo, width)}
        alt={photo.alt}
        width={width}
        height={scaledHeight(photo, width)}
        decoding="async"
        {...img}
      />
    </picture>
  );
}
