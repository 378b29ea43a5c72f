import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { SHOWN_NAME_MAX, TEXT_MAX, TEXT_MIN, TITLE_MAX } from "../../domain/reviews/review";
import {
  characterCount,
  checkDraft,
  type DraftField,
  firstInvalid,
  type ReviewDraft,
} from "../../domain/reviews/review-panel";
import { errorMessage, fieldErrors } from "../../lib/api-client";
import { inputClass } from "../../lib/field-classes";
import type { OwnReview } from "../../lib/review-client";
import { controlProps, FieldFrame, Notice } from "../ui/fields";
import { StarRating } from "./StarRating";

type Errors = Partial<Record<DraftField, string>>;

/**
 * One product's review form, new or changed: the rating, the title, the text and the shown name, each with its
 * message and count. Checked with the server's rules first; the server's refusal is shown and takes the focus.
 */
export function ReviewForm({
  productName,
  initial,
  change,
  send,
  onSaved,
  onCancel,
}: {
  productName: string;
  initial: ReviewDraft;
  change: boolean;
  send: (input: Extract<ReturnType<typeof checkDraft>, { ok: true }>["input"]) => Promise<OwnReview>;
  onSaved: (review: OwnReview) => void;
  onCancel?: () => void;
}) {
  const id = useId();
  const [draft, setDraft] = useState(initial);
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const sending = useRef(false);
  const form = useRef<HTMLFormElement>(null);
  const alert = useRef<HTMLDivElement>(null);
  // A change opens on the rating she gave: the focus goes into the form.
  const [focusTarget, setFocusTarget] = useState<{ field: DraftField | "alert" } | null>(
    change ? { field: "rating" } : null,
  );

  useEffect(() => {
    if (!focusTarget) return;
    if (focusTarget.field === "alert") alert.current?.focus();
    else if (focusTarget.field === "rating") {
      const radios = form.current?.querySelectorAll<HTMLInputElement>(`input[name="${id}-rating"]`);
      const checked = [...(radios ?? [])].find((radio) => radio.checked);
      (checked ?? radios?.[0])?.focus();
    } else document.getElementById(`${id}-${focusTarget.field}`)?.focus();
  }, [focusTarget, id]);

  // A message goes once its field is changed: it would otherwise describe a value no longer there.
  const set = (field: DraftField) => (value: string | number) => {
    setDraft((current) => ({ ...current, [field]: value }));
    setErrors((current) => (current[field] ? { ...current, [field]: undefined } : current));
  };

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending.current) return;
    setFailure(null);
    const check = checkDraft(draft);
    if (!check.ok) {
      setErrors(check.errors);
      setFocusTarget({ field: firstInvalid(check.errors) ?? "rating" });
      return;
    }
    setErrors({});
    sending.current = true;
    setBusy(true);
    try {
      onSaved(await send(check.input));
    } catch (error) {
      const fields = fieldErrors(error) as Errors;
      const field = firstInvalid(fields);
      setErrors(fields);
      if (field) setFocusTarget({ field });
      else {
        setFailure(errorMessage(error, "L'avis n'a pas pu être envoyé. Réessayez dans un instant."));
        setFocusTarget({ field: "alert" });
      }
    } finally {
      sending.current = false;
      setBusy(false);
    }
  }

  const field = (name: "title" | "text" | "shown_name", hint: string) =>
    controlProps(`${id}-${name}`, {
      value: draft[name],
      onValue: set(name),
      error: errors[name],
      hint,
    });

  return (
    <form
      ref={form}
      onSubmit={onSubmit}
      noValidate
      className="mt-3 space-y-4"
      aria-label={`Avis sur ${productName}`}
    >
      <StarRating
        name={`${id}-rating`}
        value={draft.rating}
        onValue={set("rating")}
        error={errors.rating}
        errorId={`${id}-rating-error`}
      />
      <FieldFrame
        id={`${id}-title`}
        label="Titre"
        error={errors.title}
        hint={characterCount(draft.title, TITLE_MAX)}
      >
        <input
          type="text"
          name="title"
          required
          maxLength={TITLE_MAX * 2}
          {...field("title", characterCount(draft.title, TITLE_MAX))}
          className={inputClass}
        />
      </FieldFrame>
      <FieldFrame
        id={`${id}-text`}
        label="Votre avis"
        error={errors.text}
        hint={characterCount(draft.text, TEXT_MAX, TEXT_MIN)}
      >
        <textarea
          name="text"
          required
          rows={5}
          maxLength={TEXT_MAX * 2}
          {...field("text", characterCount(draft.text, TEXT_MAX, TEXT_MIN))}
          className={inputClass}
        />
      </FieldFrame>
      <FieldFrame
        id={`${id}-shown_name`}
        label="Nom affiché avec l'avis"
        error={errors.shown_name}
        hint={characterCount(draft.shown_name, SHOWN_NAME_MAX)}
      >
        <input
          type="text"
          name="shown_name"
          required
          autoComplete="off"
          maxLength={SHOWN_NAME_MAX * 2}
          {...field("shown_name", characterCount(draft.shown_name, SHOWN_NAME_MAX))}
          className={inputClass}
        />
      </FieldFrame>
      {failure && (
        <div ref={alert} tabIndex={-1} className="focus:outline-none">
          <Notice kind="error">{failure}</Notice>
        </div>
      )}
      <div className="flex flex-wrap gap-3">
        <button type="submit" className="btn btn-primary px-5" disabled={busy} aria-busy={busy}>
          {busy ? "Envoi de l'avis..." : change ? "Enregistrer les modifications" : "Envoyer mon avis"}
        </button>
        {onCancel && (
          <button type="button" className="btn btn-secondary px-5" onClick={onCancel} disabled={busy}>
            Annuler
          </button>
        )}
      </div>
    </form>
  );
}
