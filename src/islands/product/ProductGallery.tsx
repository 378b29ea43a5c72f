import { type KeyboardEvent, type PointerEvent, useRef, useState } from "react";
import type { ProductPhoto } from "../../domain/product-photos";
import { ProductPicture } from "../catalog/ProductPicture";

interface Props {
  productId: number;
  name: string;
  photos: ProductPhoto[];
}

/** A swipe shorter than this is a tap. */
const SWIPE_PX = 40;

/**
 * The product page's photos (issue 16): the chosen one large, the others as thumbnails (arrow keys move between
 * them, Home and End to the ends), a swipe on the large one for the next or the previous, and « Agrandir » for the
 * largest variant in a dialog (arrows there too, Escape or « Fermer » closes it and the focus comes back).
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

  const show = (next: number, focusThumb = false) => {
    const wrapped = (next + count) % count;
    setIndex(wrapped);
    if (focusThumb) thumbs.current[wrapped]?.focus();
  };

  function onThumbKey(event: KeyboardEvent<HTMLDivElement>) {
    const moves: Record<string, number> = {
      ArrowRight: index + 1,
      ArrowDown: index + 1,
      ArrowLeft: index - 1,
      ArrowUp: index - 1,
      Home: 0,
      End: count - 1,
    };
    const next = moves[event.key];
    if (next === undefined) return;
    event.preventDefault();
    show(next, true);
  }

  function onDialogKey(event: KeyboardEvent<HTMLDialogElement>) {
    if (event.key === "ArrowRight") show(index + 1);
    else if (event.key === "ArrowLeft") show(index - 1);
  }

  const swipeStart = (event: PointerEvent) => {
    swipeFrom.current = event.clientX;
  };
  const swipeEnd = (event: PointerEvent) => {
    const from = swipeFrom.current;
    swipeFrom.current = null;
    if (from === null || count < 2) return;
    const dx = event.clientX - from;
    if (Math.abs(dx) >= SWIPE_PX) show(dx < 0 ? index + 1 : index - 1);
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
          width={800}
          sizes="(min-width: 1152px) 540px, (min-width: 1024px) 45vw, 100vw"
          fetchPriority={index === 0 ? "high" : "auto"}
          className="aspect-square w-full object-cover"
        />
        <button
          ref={opener}
          type="button"
          onClick={openZoom}
          className="absolute right-3 bottom-3 rounded-full bg-white/95 px-4 py-2 text-sm font-semibold text-olive-800 shadow"
        >
          Agrandir<span className="sr-only"> la photo : {photo.alt}</span>
        </button>
        {count > 1 && (
          <p
            className="absolute bottom-3 left-3 rounded-full bg-white/95 px-3 py-1 text-sm font-medium text-ink shadow"
            aria-live="polite"
          >
            {index + 1} / {count}
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
        >
          {photos.map((thumb, i) => (
            <button
              key={thumb.id}
              ref={(element) => {
                thumbs.current[i] = element;
              }}
              type="button"
              aria-current={i === index ? "true" : undefined}
              aria-label={`Photo ${i + 1} sur ${count} : ${thumb.alt}`}
              tabIndex={i === index ? 0 : -1}
              onClick={() => show(i)}
              className={`overflow-hidden rounded-xl border-2 ${i === index ? "border-olive-700" : "border-cream-300"}`}
            >
              <ProductPicture
                productId={productId}
                photo={thumb}
                width={80}
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
        aria-label={`${name} : photo ${index + 1} sur ${count}`}
        onKeyDown={onDialogKey}
        onClose={() => opener.current?.focus()}
        className="m-auto max-h-[95vh] w-[min(96vw,1100px)] rounded-2xl bg-cream-50 p-4 shadow-2xl backdrop:bg-ink/70"
      >
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="font-medium text-ink">{photo.alt}</p>
          <div className="flex gap-2">
            <button
              type="button"
              className="btn btn-secondary px-4 text-sm"
              onClick={() => setZoomed((value) => !value)}
            >
              {zoomed ? "Ajuster à l'écran" : "Zoomer"}
            </button>
            {count > 1 && (
              <>
                <button
                  type="button"
                  className="btn btn-secondary px-4 text-sm"
                  onClick={() => show(index - 1)}
                >
                  Précédente
                </button>
                <button
                  type="button"
                  className="btn btn-secondary px-4 text-sm"
                  onClick={() => show(index + 1)}
                >
                  Suivante
                </button>
              </>
            )}
            <button
              type="button"
              className="btn btn-primary px-4 text-sm"
              onClick={() => dialog.current?.close()}
            >
              Fermer
            </button>
          </div>
        </div>
        <div className={`mt-3 ${zoomed ? "max-h-[80vh] overflow-auto" : ""}`} data-testid="zoomed-photo">
          <ProductPicture
            productId={productId}
            photo={photo}
            width={1280}
            sizes={zoomed ? "1280px" : "(min-width: 1100px) 1070px, 92vw"}
            loading="lazy"
            className={zoomed ? "max-w-none" : "mx-auto max-h-[75vh] w-auto object-contain"}
          />
        </div>
      </dialog>
    </div>
  );
}
