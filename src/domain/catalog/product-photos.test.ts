import { describe, expect, it } from "vitest";
import {
  mainImage,
  type ProductPhoto,
  photoKey,
  photoSrc,
  photoSrcset,
  reorderPhotos,
  scaledHeight,
  variantWidths,
} from "./product-photos";

const photo: ProductPhoto = { id: "p1", alt: "Savon", width: 1000, height: 750, widths: [320, 640, 960] };

describe("variantWidths", () => {
  it.each([
    [4000, [320, 640, 960, 1280]],
    [1280, [320, 640, 960, 1280]],
    [1000, [320, 640, 960]],
    [400, [320]],
    [300, [320]],
  ])("%i px -> %o", (width, widths) => {
    expect(variantWidths(width)).toEqual(widths);
  });
});

describe("photo URLs", () => {
  it("derives keys, srcset and the closest variant", () => {
    expect(photoKey(12, "p1", 640, "avif")).toBe("products/12/p1-640.avif");
    expect(photoSrcset(12, photo, "webp")).toBe(
      "/media/products/12/p1-320.webp 320w, /media/products/12/p1-640.webp 640w, /media/products/12/p1-960.webp 960w",
    );
    expect(photoSrc(12, photo, 600)).toBe("/media/products/12/p1-640.webp");
    expect(photoSrc(12, photo, 2000, "avif")).toBe("/media/products/12/p1-960.avif");
    expect(scaledHeight(photo, 640)).toBe(480);
  });

  it("uses the first photo as the main image, the image URL without photos", () => {
    expect(mainImage({ id: 3, image: "/images/products/a.svg", photos: [] })).toBe("/images/products/a.svg");
    expect(mainImage({ id: 3, image: "/images/products/a.svg" })).toBe("/images/products/a.svg");
    expect(mainImage({ id: 3, image: "/images/products/a.svg", photos: [photo] })).toBe(
      "/media/products/3/p1-640.webp",
    );
  });
});

describe("reorderPhotos", () => {
  const photos = [{ id: "a" }, { id: "b" }, { id: "c" }];
  it("follows the owner's order when it names every photo once", () => {
    expect(reorderPhotos(photos, ["c", "a", "b"])?.map((p) => p.id)).toEqual(["c", "a", "b"]);
  });
  it.each([
    ["a photo missing", ["c", "a"]],
    ["a photo twice", ["a", "a", "b"]],
    ["an unknown photo", ["a", "b", "z"]],
  ])("refuses %s (a stale form)", (_name, ids) => {
    expect(reorderPhotos(photos, ids)).toBeNull();
  });
});
