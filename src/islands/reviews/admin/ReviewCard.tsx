import { formatDate, formatDateTime } from "../../../domain/admin/admin-format";
import {
  MODERATION_DAYS,
  RATING_MAX,
  REFUSAL_REASONS,
  REPORT_REASONS,
  REVIEW_STATUS_LABELS,
} from "../../../domain/reviews/moderation-words";
import { Badge, Detail, dangerButton, smallButton, type Tone } from "../../ui/admin/ui";
import { type AdminReview, reviewKey } from "./reviews-api";

const STATUS_TONES: Record<AdminReview["status"], Tone> = {
  pending: "waiting",
  published: "success",
  refused: "neutral",
};

export const OVERDUE_LABEL = `En attente depuis plus de ${MODERATION_DAYS} jours`;

const reportReason = (reason: string | undefined) =>
  reason && reason in REPORT_REASONS ? REPORT_REASONS[reason as keyof typeof REPORT_REASONS] : reason;

/** The stars drawn for the eye; the rating is said in words beside them (« 4 sur 5 »). */
function Rating({ rating }: { rating: number }) {
  return (
    <p className="flex items-center gap-2 text-sm">
      <span aria-hidden="true" className="text-lg tracking-wider text-crust-800">
        {"★".repeat(rating)}
        {"☆".repeat(Math.max(0, RATING_MAX - rating))}
      </span>
      <span className="font-semibold text-ink">
        {rating} sur {RATING_MAX}
      </span>
    </p>
  );
}

export interface ReviewActions {
  busy: boolean;
  onPublish: (review: AdminReview) => void;
  onRefuse: (review: AdminReview) => void;
  onAnswer: (review: AdminReview) => void;
}

/**
 * One review as the owner moderates it. Every text the author wrote is rendered as React text, never as markup. A
 * review waiting too long is flagged in words and by a thick border, not by colour alone.
 */
export function ReviewCard({ review, actions }: { review: AdminReview; actions: ReviewActions }) {
  const key = reviewKey(review);
  const headingId = `avis-${key.replace(/[^A-Za-z0-9_-]/g, "-")}`;
  const { busy } = actions;
  return (
    <li
      data-review={key}
      className={`rounded-2xl border bg-white p-5 shadow-sm ${
        review.overdue ? "border-l-8 border-amber-700" : "border-cream-300"
      }`}
    >
      <article aria-labelledby={headingId}>
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div>
            <p className="text-sm font-semibold text-ink-soft">{review.product_name}</p>
            <h3
              id={headingId}
              tabIndex={-1}
              data-review-heading
              className="font-serif text-xl font-semibold break-words text-olive-900"
            >
              {review.title}
            </h3>
          </div>
          <div className="flex flex-wrap gap-2">
            <Badge tone={STATUS_TONES[review.status]}>{REVIEW_STATUS_LABELS[review.status]}</Badge>
            {review.overdue && (
              <Badge tone="warning">
                <span aria-hidden="true">⚠&nbsp;</span>
                {OVERDUE_LABEL}
              </Badge>
            )}
          </div>
        </div>
        <Rating rating={review.rating} />
        <p className="mt-3 break-words whitespace-pre-line text-ink">{review.text}</p>
        <dl className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          <Detail label="Nom affiché">{review.shown_name}</Detail>
          <Detail label="E-mail de l'auteur">{review.email}</Detail>
          <Detail label="Livraison (date de l'expérience)">{formatDate(review.experienced_at)}</Detail>
          <Detail label="Envoyé le">{formatDateTime(review.submitted_at)}</Detail>
          {review.published_at && <Detail label="Publié le">{formatDateTime(review.published_at)}</Detail>}
          {review.status === "refused" && review.refusal_reason && (
            <Detail label="Motif du refus">{REFUSAL_REASONS[review.refusal_reason]}</Detail>
          )}
          {review.reports > 0 && (
            <Detail label="Signalements">
              {review.reports} signalement{review.reports > 1 ? "s" : ""}
              {review.last_report_reason && ` · dernier motif : ${reportReason(review.last_report_reason)}`}
            </Detail>
          )}
        </dl>
        {review.answer && (
          <div className="mt-4 rounded-xl border border-cream-300 bg-cream-50 px-4 py-3">
            <p className="text-sm font-semibold text-ink-soft">
              Votre réponse publique, du {formatDate(review.answer.at)}
            </p>
            <p className="mt-1 break-words whitespace-pre-line text-ink">{review.answer.text}</p>
          </div>
        )}
        <div className="mt-4 flex flex-wrap gap-2">
          {review.status === "pending" && (
            <button
              type="button"
              className={smallButton}
              disabled={busy}
              aria-describedby={headingId}
              onClick={() => actions.onPublish(review)}
            >
              Publier
            </button>
          )}
          {review.status !== "refused" && (
            <button
              type="button"
              className={dangerButton}
              disabled={busy}
              aria-describedby={headingId}
              onClick={() => actions.onRefuse(review)}
            >
              Refuser
            </button>
          )}
          {review.status !== "refused" && (
            <button
              type="button"
              className={smallButton}
              disabled={busy}
              aria-describedby={headingId}
              onClick={() => actions.onAnswer(review)}
            >
              {review.answer ? "Modifier la réponse" : "Répondre"}
            </button>
          )}
        </div>
      </article>
    </li>
  );
}
