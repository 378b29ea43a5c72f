import { useEffect, useRef } from "react";
import { refusalText, statusLabel } from "../../domain/reviews/review-panel";
import type { OwnReview } from "../../lib/review-client";
import { StarsShown } from "./StarRating";

const STATUS_STYLES: Record<OwnReview["status"], string> = {
  pending: "border-crust-400 bg-crust-200/40 text-crust-800",
  published: "border-olive-300 bg-olive-50 text-olive-800",
  refused: "border-alert/30 bg-red-50 text-alert",
};

/**
 * The author's review as the server keeps it: its status (the refusal's published reason when refused), what she
 * wrote, the owner's answer, and « Modifier » / « Retirer ». `focus`: the status takes the focus when shown.
 */
export function OwnReviewCard({
  review,
  focus,
  busy,
  onEdit,
  onWithdraw,
}: {
  review: OwnReview;
  focus: boolean;
  busy: boolean;
  onEdit: () => void;
  onWithdraw: () => void;
}) {
  const status = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (focus) status.current?.focus();
  }, [focus]);
  const refusal = refusalText(review);
  return (
    <div className="mt-3 space-y-3">
      <p
        ref={status}
        tabIndex={-1}
        className={`inline-block rounded-full border px-3 py-1 text-sm font-semibold ${STATUS_STYLES[review.status]}`}
      >
        <span className="sr-only">Statut de votre avis : </span>
        {statusLabel(review)}
      </p>
      {refusal && <p className="text-sm text-alert">{refusal}</p>}
      <div>
        <StarsShown rating={review.rating} />
        <p className="mt-1 font-semibold text-ink">{review.title}</p>
        <p className="mt-1 whitespace-pre-line text-ink">{review.text}</p>
        <p className="mt-1 text-sm text-ink-soft">Signé : {review.shown_name}</p>
      </div>
      {review.answer && (
        <div className="rounded-lg border border-cream-300 bg-cream-100/60 px-4 py-3 text-sm">
          <p className="font-semibold text-olive-900">Réponse de la savonnerie</p>
          <p className="mt-1 whitespace-pre-line text-ink">{review.answer.text}</p>
        </div>
      )}
      <div className="flex flex-wrap gap-3">
        <button type="button" className="btn btn-secondary px-5" onClick={onEdit} disabled={busy}>
          Modifier<span className="sr-only"> mon avis</span>
        </button>
        <button
          type="button"
          className="btn btn-secondary px-5"
          onClick={onWithdraw}
          disabled={busy}
          aria-busy={busy}
        >
          Retirer<span className="sr-only"> mon avis</span>
        </button>
      </div>
    </div>
  );
}
