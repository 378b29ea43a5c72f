import { type FormEvent, type ReactNode, useId, useState } from "react";
import {
  ANSWER_MAX,
  REFUSAL_REASON_KEYS,
  REFUSAL_REASONS,
  type RefusalReason,
} from "../../../domain/reviews/moderation-words";
import { Dialog } from "../../ui/admin/dialogs";
import { TextAreaField } from "../../ui/admin/form-controls";
import { Notice } from "../../ui/fields";
import type { AdminReview } from "./reviews-api";

export const NOT_FOR_BEING_NEGATIVE = "Un avis ne peut pas être refusé parce qu'il est négatif.";
const CHOOSE_REASON = "Choisissez l'un des motifs de refus publiés.";

export interface Running {
  busy: boolean;
  error: string | null;
  fields?: Readonly<Record<string, string>>;
}

/**
 * « Refuser »: one of the published reasons, sent to the author by e-mail (D111-19). Nothing is chosen ahead, and
 * the dialog says a review is never refused for being negative.
 */
export function RefuseDialog({
  review,
  running,
  onConfirm,
  onCancel,
}: {
  review: AdminReview;
  running: Running;
  onConfirm: (reason: RefusalReason) => void;
  onCancel: () => void;
}) {
  const [reason, setReason] = useState<RefusalReason | null>(null);
  const [missing, setMissing] = useState(false);
  const errorId = useId();
  const error = missing && !reason ? CHOOSE_REASON : (running.fields?.reason ?? null);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!reason) {
      setMissing(true);
      return;
    }
    onConfirm(reason);
  }

  return (
    <Dialog
      title="Refuser l'avis"
      onClose={onCancel}
      description={
        <>
          <p>
            « {review.title} », sur {review.product_name}. Son auteur recevra par e-mail le motif choisi.
          </p>
          <p className="mt-2 font-semibold">{NOT_FOR_BEING_NEGATIVE}</p>
        </>
      }
    >
      <form onSubmit={submit} noValidate>
        <fieldset aria-describedby={error ? errorId : undefined}>
          <legend className="font-semibold text-ink">Motif du refus (l'un des motifs publiés)</legend>
          <div className="mt-3 space-y-2">
            {REFUSAL_REASON_KEYS.map((key) => (
              <label
                key={key}
                className={`flex cursor-pointer items-start gap-3 rounded-xl border bg-white px-4 py-3 ${
                  reason === key ? "border-olive-600 ring-2 ring-olive-600/30" : "border-cream-300"
                }`}
              >
                <input
                  type="radio"
                  name="refusal_reason"
                  value={key}
                  checked={reason === key}
                  onChange={() => setReason(key)}
                  className="mt-1 size-4 shrink-0 accent-olive-700"
                />
                <span className="text-ink">{REFUSAL_REASONS[key]}</span>
              </label>
            ))}
          </div>
        </fieldset>
        {error && (
          <p id={errorId} role="alert" className="mt-3 text-sm font-medium text-alert">
            {error}
          </p>
        )}
        <FormEnd error={running.fields?.reason ? null : running.error} onCancel={onCancel}>
          <button type="submit" className="btn bg-alert text-white hover:bg-red-900" disabled={running.busy}>
            {running.busy ? "Veuillez patienter..." : "Refuser l'avis"}
          </button>
        </FormEnd>
      </form>
    </Dialog>
  );
}

/** « Répondre » / « Modifier la réponse »: the shop's one public answer, shown under the review on its page. */
export function AnswerDialog({
  review,
  running,
  onSave,
  onCancel,
}: {
  review: AdminReview;
  running: Running;
  onSave: (text: string) => void;
  onCancel: () => void;
}) {
  const editing = Boolean(review.answer);
  const [text, setText] = useState(review.answer?.text ?? "");
  return (
    <Dialog
      title={editing ? "Modifier la réponse" : "Répondre à l'avis"}
      onClose={onCancel}
      wide
      description={
        <p>
          « {review.title} », de {review.shown_name}, sur {review.product_name}. La réponse est publiée sous
          l'avis sur la page du produit.
        </p>
      }
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          onSave(text);
        }}
      >
        <TextAreaField
          label="Votre réponse publique"
          value={text}
          onValue={setText}
          rows={6}
          maxLength={ANSWER_MAX}
          error={running.fields?.text}
          hint={`${text.length} / ${ANSWER_MAX} caractères`}
        />
        <FormEnd error={running.fields?.text ? null : running.error} onCancel={onCancel}>
          <button type="submit" className="btn btn-primary px-6" disabled={running.busy}>
            {running.busy ? "Enregistrement..." : "Enregistrer la réponse"}
          </button>
        </FormEnd>
      </form>
    </Dialog>
  );
}

/** A dialog form's end: the server's error not tied to a field, « Annuler » and the form's own submit button. */
function FormEnd({
  error,
  onCancel,
  children,
}: {
  error: string | null;
  onCancel: () => void;
  children: ReactNode;
}) {
  return (
    <>
      {error && (
        <div className="mt-3">
          <Notice kind="error">{error}</Notice>
        </div>
      )}
      <div className="mt-6 flex flex-wrap justify-end gap-3">
        <button type="button" className="btn btn-secondary" onClick={onCancel}>
          Annuler
        </button>
        {children}
      </div>
    </>
  );
}
