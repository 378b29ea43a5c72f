import { type KeyboardEvent, type PointerEvent, useRef, useState } from "react";
import type { ProductPhoto } from "../../domain/catalog/product-photos";
import {
  counterText,
  dialogKeyTarget,
  dialogLabel,
  MAIN_SIZES,
  MAIN_WIDTH,
  openerDetail,
  swipeTarget,
  THUMB_WIDTH,
  thumbClassName,
  thumbKeyTarget,
  thumbLabel,
  wrapIndex,
  ZOOM_WIDTH,
  zoomFrameClassName,
  zoomImageClassName,
  zoomSizes,
  zoomToggleLabel,
} from "../../lib/gallery-view";
import { ProductPicture } from "./ProductPicture";

interface Props {
  productId: number;
  name: string;
  photos: ProductPhoto[];
}

/**
 * The product page's photos: the chosen one large, the others as thumbnails (arrow keys move between
 * them, Home and End to the ends), a swipe on the large one for the next or the previous, and « Agrandir » for the
 * largest variant in a dialog (arrows there too, Escape or « Fermer » closes it and the focus comes back).
 *
 * Two uses: rendered to static HTML (no client directive) on the prebuilt pages, where the framework-free
 * src/scripts/storefront/gallery.ts finds its `data-gallery-*` elements and gives them the same behaviour; and as
 * part of the shell page's island (products created after the build). Rules, texts and classes come from
 * lib/gallery-view.ts, shared with that script.
 */
export function ProductGallery({ productId, name, photos }: Props) {
  const [index, setIndex] = useState(0);
  const [zoomed, setZoomed] = useState(false);
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const thumbs = useRef<(HTMLButtonElement | null)[]>([]);
  const swipeFrom = useRef<number | null>(null);
  const count = photos.length;
  const photo = photos[index] ?? photos[0];
  if (!photo) return null;

  const show = (next: number | undefined, focusThumb = false) => {
    if (next === undefined) return;
    const wrapped = wrapIndex(next, count);
    setIndex(wrapped);
    if (focusThumb) thumbs.current[wrapped]?.focus();
  };

  function onThumbKey(event: KeyboardEvent<HTMLDivElement>) {
    const next = thumbKeyTarget(event.key, index, count);
    if (next === undefined) return;
    event.preventDefault();
    show(next, true);
  }

  function onDialogKey(event: KeyboardEvent<HTMLDialogElement>) {
    show(dialogKeyTarget(event.key, index));
  }

  const swipeStart = (event: PointerEvent<HTMLElement>) => {
    swipeFrom.current = event.clientX;
  };
  const swipeEnd = (event: PointerEvent<HTMLElement>) => {
    const from = swipeFrom.current;
    swipeFrom.current = null;
    show(swipeTarget(from, event.clientX, index, count));
  };

  function openZoom() {
    setZoomed(false);
    dialog.current?.showModal();
  }

  return (
    <div>
      <div
        className="relative touch-pan-y overflow-hidden rounded-3xl border border-cream-300 bg-cream-100 shadow-sm"
        onPointerDown={swipeStart}
        onPointerUp={swipeEnd}
        onPointerCancel={() => {
          swipeFrom.current = null;
        }}
        data-testid="gallery-main"
      >
        <ProductPicture
          productId={productId}
          photo={photo}
          width={MAIN_WIDTH}
          sizes={MAIN_SIZES}
          fetchPriority={index === 0 ? "high" : "auto"}
          className="aspect-square w-full object-cover"
        />
        <button
          ref={opener}
          type="button"
          onClick={openZoom}
          className="absolute right-3 bottom-3 rounded-full bg-white/95 px-4 py-2 text-sm font-semibold text-olive-800 shadow"
          data-gallery-open
        >
          Agrandir<span className="sr-only">{openerDetail(photo.alt)}</span>
        </button>
        {count > 1 && (
          <p
            className="absolute bottom-3 left-3 rounded-full bg-white/95 px-3 py-1 text-sm font-medium text-ink shadow"
            aria-live="polite"
            data-gallery-counter
          >
            {counterText(index, count)}
          </p>
        )}
      </div>

      {count > 1 && (
        // biome-ignore lint/a11y/useSemanticElements: a group of buttons, not form fields: a fieldset would need a legend
        <div
          role="group"
          aria-label={`Photos de ${name}`}
          className="mt-3 flex flex-wrap gap-2"
          onKeyDown={onThumbKey}
          data-gallery-thumbs
        >
          {photos.map((thumb, i) => (
            <button
              key={thumb.id}
              ref={(element) => {
                thumbs.current[i] = element;
              }}
              type="button"
              aria-current={i === index ? "true" : undefined}
              aria-label={thumbLabel(i, count, thumb.alt)}
              tabIndex={i === index ? 0 : -1}
              onClick={() => show(i)}
              className={thumbClassName(i === index)}
            >
              <ProductPicture
                productId={productId}
                photo={thumb}
                width={THUMB_WIDTH}
                sizes="80px"
                loading="lazy"
                className="size-20 object-cover"
              />
            </button>
          ))}
        </div>
      )}

      <dialog
        ref={dialog}
        aria-label={dialogLabel(name, index, count)}
        onKeyDown={onDialogKey}
        onClose={() => opener.current?.focus()}
        className="m-auto max-h-[95vh] w-[min(96vw,1100px)] rounded-2xl bg-cream-50 p-4 shadow-2xl backdrop:bg-ink/70"
        data-gallery-dialog
      >
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="font-medium text-ink" data-gallery-caption>
            {photo.alt}
          </p>
          <div className="flex gap-2">
            <button
              type="button"
              className="btn btn-secondary px-4 text-sm"
              onClick={() => setZoomed((value) => !value)}
              data-gallery-zoom
            >
              {zoomToggleLabel(zoomed)}
            </button>
            {count > 1 && (
              <>
                <button
                  type="button"
                  className="btn btn-secondary px-4 text-sm"
                  onClick={() => show(index - 1)}
                  data-gallery-previous
                >
                  Précédente
                </button>
                <button
                  type="button"
                  className="btn btn-secondary px-4 text-sm"
                  onClick={() => show(index + 1)}
                  data-gallery-next
                >
                  Suivante
                </button>
              </>
            )}
            <button
              type="button"
              className="btn btn-primary px-4 text-sm"
              onClick={() => dialog.current?.close()}
              data-gallery-close
            >
              Fermer
            </button>
          </div>
        </div>
        <div className={zoomFrameClassName(zoomed)} data-testid="zoomed-photo">
          <ProductPicture
            productId={productId}
            photo={photo}
            width={ZOOM_WIDTH}
            sizes={zoomSizes(zoomed)}
            loading="lazy"
            className={zoomImageClassName(zoomed)}
          />
        </div>
      </dialog>
    </div>
  );
}
