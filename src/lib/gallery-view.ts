/**
 * The product photo gallery's rules: which photo a key or a swipe leads to, and the texts and classes
 * that follow the photo shown and the zoom. Written once for the React ProductGallery (static HTML of the prebuilt
 * pages, the shell page's island) and the framework-free src/scripts/storefront/gallery.ts. No dependency.
 */

/** A swipe shorter than this is a tap. */
export const SWIPE_PX = 40;

/** How wide each picture of the gallery is laid out, for the browser to choose a variant (`sizes`). */
export const MAIN_SIZES = "(min-width: 1152px) 540px, (min-width: 1024px) 45vw, 100vw";
export const MAIN_WIDTH = 800;
export const THUMB_WIDTH = 80;
export const ZOOM_WIDTH = 1280;

/** `next` brought back into 0..count-1, going round at both ends. */
export function wrapIndex(next: number, count: number): number {
  return count > 0 ? ((next % count) + count) % count : 0;
}

/**
 * The photo a key pressed on the thumbnails leads to (arrows to the next or the previous, Home and End to the
 * ends), not yet wrapped; undefined for any other key.
 */
export function thumbKeyTarget(key: string, index: number, count: number): number | undefined {
  const moves: Record<string, number> = {
    ArrowRight: index + 1,
    ArrowDown: index + 1,
    ArrowLeft: index - 1,
    ArrowUp: index - 1,
    Home: 0,
    End: count - 1,
  };
  return Object.hasOwn(moves, key) ? moves[key] : undefined;
}

/** The photo a key pressed in the zoom dialog leads to (left and right arrows), not yet wrapped. */
export function dialogKeyTarget(key: string, index: number): number | undefined {
  if (key === "ArrowRight") return index + 1;
  if (key === "ArrowLeft") return index - 1;
  return undefined;
}

/** The photo a swipe on the large one leads to (leftwards: the next), not yet wrapped; undefined for a tap. */
export function swipeTarget(
  fromX: number | null,
  toX: number,
  index: number,
  count: number,
): number | undefined {
  if (fromX === null || count < 2) return undefined;
  const dx = toX - fromX;
  if (Math.abs(dx) < SWIPE_PX) return undefined;
  return dx < 0 ? index + 1 : index - 1;
}

/** « 2 / 3 » on the large photo. */
export function counterText(index: number, count: number): string {
  return `${index + 1} / ${count}`;
}

/** The hidden end of « Agrandir »'s name: which photo it enlarges. */
export function openerDetail(alt: string): string {
  return ` la photo : ${alt}`;
}

export function thumbLabel(index: number, count: number, alt: string): string {
  return `Photo ${index + 1} sur ${count} : ${alt}`;
}

export function thumbClassName(current: boolean): string {
  return `overflow-hidden rounded-xl border-2 ${current ? "border-olive-700" : "border-cream-300"}`;
}

export function dialogLabel(name: string, index: number, count: number): string {
  return `${name} : photo ${index + 1} sur ${count}`;
}

export function zoomToggleLabel(zoomed: boolean): string {
  return zoomed ? "Ajuster à l'écran" : "Zoomer";
}

/** The zoom dialog's frame, its picture's classes and `sizes`: fitted to the screen, or full size and scrolling. */
export function zoomFrameClassName(zoomed: boolean): string {
  return `mt-3 ${zoomed ? "max-h-[80vh] overflow-auto" : ""}`;
}

export function zoomImageClassName(zoomed: boolean): string {
  return zoomed ? "max-w-none" : "mx-auto max-h-[75vh] w-auto object-contain";
}

export function zoomSizes(zoomed: boolean): string {
  return zoomed ? "1280px" : "(min-width: 1100px) 1070px, 92vw";
}
