/**
 * The photo gallery of the prebuilt product pages, without a framework: the build prints it with the React
 * ProductGallery (no client directive) inside `<div data-gallery='{productId, name, photos}'>`, and this module gives
 * that HTML its behaviour (thumbnails with a roving focus, swipes, « Agrandir » in a native modal <dialog> that gives
 * the focus back when closed). Rules, texts and classes come from lib/gallery-view.ts, shared with the React gallery.
 */
import type { ProductPhoto } from "../../domain/catalog/product-photos";
import {
  counterText,
  dialogKeyTarget,
  dialogLabel,
  MAIN_WIDTH,
  openerDetail,
  swipeTarget,
  thumbClassName,
  thumbKeyTarget,
  wrapIndex,
  ZOOM_WIDTH,
  zoomFrameClassName,
  zoomImageClassName,
  zoomSizes,
  zoomToggleLabel,
} from "../../lib/gallery-view";
import { playEarlyTaps } from "../site/early-taps";
import { setAttribute, setText } from "./dom";
import { setSizes, showPhoto } from "./picture";

interface GalleryData {
  productId: number;
  name: string;
  photos: ProductPhoto[];
}

export function enhanceGallery(root: HTMLElement): void {
  const { productId, name, photos } = JSON.parse(root.dataset.gallery ?? "") as GalleryData;
  const count = photos.length;
  const find = <T extends Element = HTMLElement>(selector: string) => root.querySelector<T>(selector);
  const main = find('[data-testid="gallery-main"]');
  const opener = find<HTMLButtonElement>("[data-gallery-open]");
  const dialog = find<HTMLDialogElement>("[data-gallery-dialog]");
  const zoomFrame = find('[data-testid="zoomed-photo"]');
  const thumbs = [...root.querySelectorAll<HTMLButtonElement>("[data-gallery-thumbs] > button")];
  if (!main || !opener || !dialog || !zoomFrame || count === 0) return;
  const mainPicture = main.querySelector("picture");
  const zoomPicture = zoomFrame.querySelector("picture");
  let index = 0;
  let zoomed = false;
  let swipeFrom: number | null = null;

  const render = (): void => {
    const photo = photos[index] as ProductPhoto;
    if (mainPicture) {
      showPhoto(mainPicture, productId, photo, MAIN_WIDTH);
      setAttribute(mainPicture.querySelector("img"), "fetchpriority", index === 0 ? "high" : "auto");
    }
    setText(opener.querySelector(".sr-only"), openerDetail(photo.alt));
    setText(find("[data-gallery-counter]"), counterText(index, count));
    thumbs.forEach((thumb, i) => {
      const current = i === index;
      if (current) thumb.setAttribute("aria-current", "true");
      else thumb.removeAttribute("aria-current");
      thumb.tabIndex = current ? 0 : -1;
      setAttribute(thumb, "class", thumbClassName(current));
    });

    setAttribute(dialog, "aria-label", dialogLabel(name, index, count));
    setText(find("[data-gallery-caption]"), photo.alt);
    setText(find("[data-gallery-zoom]"), zoomToggleLabel(zoomed));
    setAttribute(zoomFrame, "class", zoomFrameClassName(zoomed));
    if (zoomPicture) {
      showPhoto(zoomPicture, productId, photo, ZOOM_WIDTH);
      setSizes(zoomPicture, zoomSizes(zoomed));
      setAttribute(zoomPicture.querySelector("img"), "class", zoomImageClassName(zoomed));
    }
  };

  const show = (next: number | undefined, focusThumb = false): void => {
    if (next === undefined) return;
    index = wrapIndex(next, count);
    render();
    if (focusThumb) thumbs[index]?.focus();
  };

  thumbs.forEach((thumb, i) => {
    thumb.addEventListener("click", () => show(i));
  });
  find("[data-gallery-thumbs]")?.addEventListener("keydown", (event) => {
    const next = thumbKeyTarget(event.key, index, count);
    if (next === undefined) return;
    event.preventDefault();
    show(next, true);
  });

  main.addEventListener("pointerdown", (event) => {
    swipeFrom = event.clientX;
  });
  main.addEventListener("pointerup", (event) => {
    const from = swipeFrom;
    swipeFrom = null;
    show(swipeTarget(from, event.clientX, index, count));
  });
  main.addEventListener("pointercancel", () => {
    swipeFrom = null;
  });

  opener.addEventListener("click", () => {
    zoomed = false;
    render();
    dialog.showModal();
  });
  dialog.addEventListener("keydown", (event) => show(dialogKeyTarget(event.key, index)));
  dialog.addEventListener("close", () => opener.focus());
  find("[data-gallery-zoom]")?.addEventListener("click", () => {
    zoomed = !zoomed;
    render();
  });
  find("[data-gallery-previous]")?.addEventListener("click", () => show(index - 1));
  find("[data-gallery-next]")?.addEventListener("click", () => show(index + 1));
  find("[data-gallery-close]")?.addEventListener("click", () => dialog.close());
  // The thumbnails, swipe and zoom work from here on (the page's scripts come after its first paint).
  root.dataset.ready = "";
}

for (const root of document.querySelectorAll<HTMLElement>("[data-gallery]")) enhanceGallery(root);
playEarlyTaps("gallery");
