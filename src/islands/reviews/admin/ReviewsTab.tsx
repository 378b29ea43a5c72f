import { useEffect, useRef, useState } from "react";
import { MODERATION_DAYS, type RefusalReason } from "../../../domain/reviews/moderation-words";
import { ApiError, errorMessage, fieldErrors } from "../../../lib/api-client";
import { useAccessGuard, useLoad } from "../../ui/admin/hooks";
import { Empty, LoadError, Loading } from "../../ui/admin/ui";
import { AnswerDialog, RefuseDialog, type Running } from "./ModerationDialogs";
import { ReviewCard } from "./ReviewCard";
import {
  type AdminReview,
  answerReview,
  fetchAdminReviews,
  publishReview,
  type ReviewsView,
  refuseReview,
  reviewKey,
} from "./reviews-api";

const VIEWS: ReadonlyArray<{ id: ReviewsView; label: string }> = [
  { id: "to_moderate", label: "À modérer" },
  { id: "published", label: "Publiés" },
];

type Open = { kind: "refuse" | "answer"; review: AdminReview } | null;
type Message = { kind: "ok" | "error"; text: string } | null;

/**
 * « Avis »: the reviews waiting for moderation (oldest first) and the reported published ones, or every published
 * review. The owner publishes, refuses for a published reason, answers. After each action the list is read again,
 * a word is announced, and focus goes to the review now in its place, else the list's heading. A review changed
 * meanwhile (409) is said so and read again.
 */
export function ReviewsTab() {
  const [view, setView] = useState<ReviewsView>("to_moderate");
  const viewRef = useRef(view);
  viewRef.current = view;
  const { state, reload, refresh } = useLoad((signal) => fetchAdminReviews(viewRef.current, signal));
  const [open, setOpen] = useState<Open>(null);
  const [running, setRunning] = useState<Running>({ busy: false, error: null });
  const [message, setMessage] = useState<Message>(null);
  const [focusAfter, setFocusAfter] = useState<{ key: string; index: number } | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const guard = useAccessGuard();
  const reviews = state.status === "ready" ? state.data : [];

  // After the list is read again: the review acted on if it is still there, else the one now in its place.
  useEffect(() => {
    if (!focusAfter || state.status !== "ready") return;
    setFocusAfter(null);
    const headings = [...(list.current?.querySelectorAll<HTMLElement>("[data-review-heading]") ?? [])];
    const same = list.current?.querySelector<HTMLElement>(
      `[data-review="${CSS.escape(focusAfter.key)}"] [data-review-heading]`,
    );
    const target =
      same ?? headings[Math.min(focusAfter.index, headings.length - 1)] ?? heading.current ?? undefined;
    // After a dialog has given the focus back to its opener.
    window.setTimeout(() => target?.focus());
  }, [focusAfter, state.status]);

  function choose(next: ReviewsView) {
    if (next === view) return;
    setView(next);
    viewRef.current = next;
    setMessage(null);
    reload();
  }

  async function act(review: AdminReview, action: () => Promise<unknown>, done: string, keepFocus = false) {
    const index = reviews.findIndex((item) => reviewKey(item) === reviewKey(review));
    setRunning({ busy: true, error: null });
    setMessage(null);
    try {
      await action();
      setRunning({ busy: false, error: null });
      setOpen(null);
      setMessage({ kind: "ok", text: done });
    } catch (failure) {
      if (guard(failure)) return;
      if (!(failure instanceof ApiError && failure.status === 409)) {
        const text = errorMessage(failure, "Une erreur est survenue");
        setRunning({ busy: false, error: text, fields: fieldErrors(failure) });
        if (!open) setMessage({ kind: "error", text });
        return;
      }
      // Changed by its author or moderated meanwhile: the dialog closes and the review is read again.
      setRunning({ busy: false, error: null });
      setOpen(null);
      setMessage({ kind: "error", text: errorMessage(failure, "Cet avis a changé entre-temps.") });
      keepFocus = false;
    }
    await refresh();
    if (!keepFocus) setFocusAfter({ key: reviewKey(review), index: Math.max(index, 0) });
  }

  const actions = {
    busy: running.busy,
    onPublish: (review: AdminReview) =>
      void act(review, () => publishReview(review), `Avis « ${review.title} » publié.`),
    onRefuse: (review: AdminReview) => {
      setRunning({ busy: false, error: null });
      setOpen({ kind: "refuse", review });
    },
    onAnswer: (review: AdminReview) => {
      setRunning({ busy: false, error: null });
      setOpen({ kind: "answer", review });
    },
  };

  function refuse(review: AdminReview, reason: RefusalReason) {
    void act(
      review,
      () => refuseReview(review, reason),
      `Avis « ${review.title} » refusé : son auteur reçoit le motif par e-mail.`,
    );
  }

  function answer(review: AdminReview, text: string) {
    // The review stays where it is: the dialog gives the focus back to its button.
    void act(
      review,
      () => answerReview(review, text),
      `Réponse à l'avis « ${review.title} » enregistrée.`,
      true,
    );
  }

  const close = () => setOpen(null);
  return (
    <div>
      <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
        <div>
          <h2
            ref={heading}
            tabIndex={-1}
            className="font-serif text-2xl font-semibold text-olive-900 focus:outline-none focus-visible:outline-2"
          >
            Avis
          </h2>
          <p className="mt-1 text-sm text-ink-soft">
            Avis vérifiés : seuls les clients ayant reçu leur commande peuvent en laisser un. Chaque avis est
            lu sous {MODERATION_DAYS} jours, les plus anciens d'abord.
          </p>
        </div>
        <fieldset className="flex flex-wrap gap-2">
          <legend className="sr-only">Avis affichés</legend>
          {VIEWS.map((item) => (
            <button
              key={item.id}
              type="button"
              aria-pressed={view === item.id}
              onClick={() => choose(item.id)}
              className={`btn ${view === item.id ? "btn-primary" : "btn-secondary"}`}
            >
              {item.label}
            </button>
          ))}
        </fieldset>
      </div>
      <p
        role="status"
        className={
          message
            ? `mb-4 rounded-lg border px-4 py-3 text-sm font-medium ${
                message.kind === "ok"
                  ? "border-olive-300 bg-olive-50 text-olive-800"
                  : "border-alert/30 bg-red-50 text-alert"
              }`
            : "sr-only"
        }
      >
        {message?.text}
      </p>
      {state.status === "loading" && <Loading>Chargement des avis...</Loading>}
      {state.status === "error" && <LoadError message={state.message} onRetry={reload} />}
      {state.status === "ready" &&
        (reviews.length === 0 ? (
          <Empty>
            {view === "published"
              ? "Aucun avis publié pour le moment."
              : "Aucun avis à modérer : tout est à jour."}
          </Empty>
        ) : (
          <ul ref={list} aria-label="Liste des avis" className="space-y-4">
            {reviews.map((review) => (
              <ReviewCard key={reviewKey(review)} review={review} actions={actions} />
            ))}
          </ul>
        ))}
      {open?.kind === "refuse" && (
        <RefuseDialog
          review={open.review}
          running={running}
          onConfirm={(reason) => refuse(open.review, reason)}
          onCancel={close}
        />
      )}
      {open?.kind === "answer" && (
        <AnswerDialog
          review={open.review}
          running={running}
          onSave={(text) => answer(open.review, text)}
          onCancel={close}
        />
      )}
    </div>
  );
}
