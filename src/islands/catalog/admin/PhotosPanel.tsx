import { type DragEvent, useId, useLayoutEffect, useRef, useState } from "react";
import { MAX_PHOTOS, type ProductPhoto, photoSrc } from "../../../domain/catalog/product-photos";
import type { ProductView } from "../../../domain/catalog/product-rules";
import { errorMessage } from "../../../lib/api-client";
import { photoToSend } from "../../../lib/photo-upload";
import { arrangePhotos, deletePhoto, uploadPhoto } from "../../ui/admin/admin-api";
import { useAccessGuard } from "../../ui/admin/hooks";
import { dangerButton, smallButton } from "../../ui/admin/ui";
import { Notice } from "../../ui/fields";

/**
 * The product's photos in its form (decision record 019): add from the computer or the phone (file picker,
 * camera, drag and drop), reorder with « Monter » / « Descendre » (the first is the product's picture), describe each
 * for those who cannot see it, delete. The server checks, resizes and stores each file; every answer is the product.
 */
export function PhotosPanel({
  product,
  onChange,
}: {
  product: Pick<ProductView, "id" | "name" | "photos">;
  onChange: (product: ProductView) => void;
}) {
  const [photos, setPhotos] = useState<ProductPhoto[]>(product.photos ?? []);
  const [alts, setAlts] = useState<Record<string, string>>(() =>
    Object.fromEntries((product.photos ?? []).map((photo) => [photo.id, photo.alt])),
  );
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState("");
  const [dragging, setDragging] = useState(false);
  const list = useRef<HTMLOListElement>(null);
  const picker = useRef<HTMLInputElement>(null);
  const camera = useRef<HTMLInputElement>(null);
  const addButton = useRef<HTMLDivElement>(null);
  /** Where the keyboard goes once a move or a deletion is saved and shown. */
  const [focusNext, setFocusNext] = useState<{ photoId: string; move: -1 | 1 } | { index: number } | null>(
    null,
  );
  const guard = useAccessGuard();
  const titleId = useId();

  useLayoutEffect(() => {
    if (!focusNext || busy) return;
    setFocusNext(null);
    if ("photoId" in focusNext) {
      // The photo it moved keeps the focus: the same button, or the other one at an end of the list.
      const item = list.current?.querySelector(`[data-photo="${focusNext.photoId}"]`);
      const buttons = [`[data-move="${focusNext.move}"]`, `[data-move="${-focusNext.move}"]`]
        .map((selector) => item?.querySelector<HTMLButtonElement>(selector))
        .filter((button) => button && !button.disabled);
      buttons[0]?.focus();
      return;
    }
    const items = list.current?.querySelectorAll<HTMLElement>("[data-photo]");
    const next = items?.[Math.min(focusNext.index, (items?.length ?? 1) - 1)];
    (next?.querySelector<HTMLElement>("input") ?? addButton.current?.querySelector("button"))?.focus();
  }, [focusNext, busy]);
  const full = photos.length >= MAX_PHOTOS;

  function apply(saved: ProductView) {
    setPhotos(saved.photos ?? []);
    setAlts((current) =>
      Object.fromEntries((saved.photos ?? []).map((photo) => [photo.id, current[photo.id] ?? photo.alt])),
    );
    onChange(saved);
  }

  async function run(label: string, action: () => Promise<string>) {
    setBusy(label);
    setError(null);
    try {
      setNotice(await action());
    } catch (failure) {
      if (!guard(failure)) setError(errorMessage(failure, "Une erreur est survenue"));
    } finally {
      setBusy(null);
    }
  }

  function add(files: FileList | File[] | null) {
    const chosen = [...(files ?? [])];
    if (!chosen.length) return;
    void run("Envoi des photos…", async () => {
      let added = 0;
      for (const file of chosen) {
        try {
          apply(await uploadPhoto(product.id, await photoToSend(file), ""));
          added++;
        } catch (failure) {
          if (guard(failure)) throw failure;
          throw new Error(`« ${file.name} » : ${errorMessage(failure, "envoi impossible")}`);
        }
      }
      return `${added} photo${added > 1 ? "s" : ""} ajoutée${added > 1 ? "s" : ""}.`;
    });
  }

  function move(index: number, by: -1 | 1) {
    const order = photos.map((photo) => photo.id);
    const [moved] = order.splice(index, 1);
    if (!moved) return;
    order.splice(index + by, 0, moved);
    void run("Enregistrement…", async () => {
      apply(await arrangePhotos(product.id, order, alts));
      setFocusNext({ photoId: moved, move: by });
      return index + by === 0 ? "Photo principale changée." : "Ordre enregistré.";
    });
  }

  function remove(photo: ProductPhoto, index: number) {
    void run("Suppression…", async () => {
      apply(await deletePhoto(product.id, photo.id));
      setFocusNext({ index });
      return "Photo supprimée.";
    });
  }

  function saveAlts() {
    void run("Enregistrement…", async () => {
      apply(
        await arrangePhotos(
          product.id,
          photos.map((photo) => photo.id),
          alts,
        ),
      );
      return "Descriptions enregistrées.";
    });
  }

  function drop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    setDragging(false);
    if (!full) add(event.dataTransfer?.files ?? null);
  }

  return (
    <section aria-labelledby={titleId} className="mt-6 border-t border-cream-300 pt-5">
      <h3 id={titleId} className="font-serif text-lg font-semibold text-olive-900">
        Photos
      </h3>
      <p className="mt-1 text-sm text-ink-soft">
        La première photo est l'image du produit (catalogue, panier, commandes). JPEG, PNG, WebP ou HEIC, au
        moins 400 pixels de côté ; {MAX_PHOTOS} photos au plus.
      </p>
      {error && (
        <div className="mt-3">
          <Notice kind="error">{error}</Notice>
        </div>
      )}
      <p role="status" className={notice && !error ? "mt-3 text-sm font-medium text-olive-800" : "sr-only"}>
        {busy ?? notice}
      </p>

      {photos.length > 0 && (
        <ol ref={list} className="mt-4 space-y-3" aria-label="Photos du produit, dans l'ordre">
          {photos.map((photo, index) => (
            <li
              key={photo.id}
              data-photo={photo.id}
              className="flex flex-wrap items-center gap-3 rounded-xl border border-cream-300 bg-white p-3"
            >
              <img
                src={photoSrc(product.id, photo, 160)}
                alt=""
                width={80}
                height={Math.round((80 * photo.height) / photo.width)}
                className="h-20 w-20 shrink-0 rounded-lg bg-cream-100 object-cover"
              />
              <div className="min-w-48 flex-1">
                <label
                  className="block text-sm font-semibold text-ink"
                  htmlFor={`${titleId}-alt-${photo.id}`}
                >
                  Description de la photo {index + 1}
                  {index === 0 && <span className="font-normal text-ink-soft"> (photo principale)</span>}
                </label>
                <input
                  id={`${titleId}-alt-${photo.id}`}
                  type="text"
                  maxLength={200}
                  value={alts[photo.id] ?? ""}
                  onChange={(event) => {
                    // Read now: React runs the updater after the handler, when the event has no currentTarget.
                    const alt = event.currentTarget.value;
                    setAlts((current) => ({ ...current, [photo.id]: alt }));
                  }}
                  className="mt-1 block w-full rounded-lg border border-cream-300 bg-white px-3 py-2 text-ink shadow-xs"
                />
              </div>
              <div className="flex gap-2">
                <button
                  type="button"
                  data-move="-1"
                  className={smallButton}
                  disabled={index === 0 || busy !== null}
                  onClick={() => move(index, -1)}
                >
                  Monter<span className="sr-only"> la photo {index + 1}</span>
                </button>
                <button
                  type="button"
                  data-move="1"
                  className={smallButton}
                  disabled={index === photos.length - 1 || busy !== null}
                  onClick={() => move(index, 1)}
                >
                  Descendre<span className="sr-only"> la photo {index + 1}</span>
                </button>
                <button
                  type="button"
                  className={dangerButton}
                  disabled={busy !== null}
                  onClick={() => remove(photo, index)}
                >
                  Supprimer<span className="sr-only"> la photo {index + 1}</span>
                </button>
              </div>
            </li>
          ))}
        </ol>
      )}
      {photos.length > 0 && (
        <button type="button" className={`${smallButton} mt-3`} disabled={busy !== null} onClick={saveAlts}>
          Enregistrer les descriptions
        </button>
      )}

      {!full && (
        // biome-ignore lint/a11y/noStaticElementInteractions: the drop zone adds to the buttons inside it, which the keyboard uses
        <div
          onDragOver={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={drop}
          data-testid="photo-drop-zone"
          className={`mt-4 rounded-xl border-2 border-dashed p-5 text-center ${dragging ? "border-olive-600 bg-olive-50" : "border-cream-300"}`}
        >
          <p className="text-sm text-ink-soft">Déposez des photos ici, ou :</p>
          <div ref={addButton} className="mt-3 flex flex-wrap justify-center gap-3">
            <button
              type="button"
              className="btn btn-secondary px-4 text-sm"
              disabled={busy !== null}
              onClick={() => picker.current?.click()}
            >
              Choisir des photos
            </button>
            <button
              type="button"
              className="btn btn-secondary px-4 text-sm"
              disabled={busy !== null}
              onClick={() => camera.current?.click()}
            >
              Prendre une photo
            </button>
            <input
              ref={picker}
              type="file"
              accept="image/*"
              multiple
              hidden
              aria-label="Choisir des photos"
              onChange={(event) => {
                add(event.currentTarget.files);
                event.currentTarget.value = "";
              }}
            />
            <input
              ref={camera}
              type="file"
              accept="image/*"
              capture="environment"
              hidden
              aria-label="Prendre une photo"
              onChange={(event) => {
                add(event.currentTarget.files);
                event.currentTarget.value = "";
              }}
            />
          </div>
        </div>
      )}
    </section>
  );
}
