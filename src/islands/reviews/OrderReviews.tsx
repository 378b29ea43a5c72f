import "./zod-jitless";
import { useCallback, useEffect, useId, useRef, useState } from "react";
import { defaultShownName, REVIEW_RULES_PATH } from "../../domain/reviews/review";
import {
  draftOf,
  emptyDraft,
  MODERATION_NOTICE,
  NO_REWARD_NOTICE,
  PANEL_HEADING,
  type PanelEntry,
  panelEntries,
  WITHDRAW_CONFIRMATION,
} from "../../domain/reviews/review-panel";
import { errorMessage } from "../../lib/api-client";
import {
  fetchOrderReviews,
  type OwnReview,
  type ReviewAccess,
  saveReview,
  withdrawReview,
} from "../../lib/review-client";
import type { Order } from "../../lib/shop-client";
import { Notice } from "../ui/fields";
import { OwnReviewCard } from "./OwnReviewCard";
import { ReviewForm } from "./ReviewForm";

export interface OrderReviewsProps {
  order: Pick<Order, "id" | "items" | "user">;
  /** A guest's link token; none for the signed-in customer. */
  guestToken?: string | null;
  /** The panel's element id, for its opener's aria-controls. */
  id: string;
  /** Its heading's level, 3 by default (under an order's heading). */
  headingLevel?: 2 | 3;
  /** Given, « Fermer » closes the panel. */
  onClose?: () => void;
}

type Load =
  | { status: "loading" }
  | { status: "error"; message: string }
  | { status: "ready"; reviews: OwnReview[] };

/**
 * The author's reviews of a delivered order: for each product, her review (status, « Modifier », « Retirer ») or
 * the form. The server checks the purchase and the delivery again on every write.
 */
export default function OrderReviews({
  order,
  guestToken = null,
  id,
  headingLevel = 3,
  onClose,
}: OrderReviewsProps) {
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const [load, setLoad] = useState<Load>({ status: "loading" });
  const [attempt, setAttempt] = useState(0);
  const access: ReviewAccess = { orderId: order.id, guestToken };

  // Shown when just opened: the focus goes to its heading.
  useEffect(() => heading.current?.focus(), []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: read again on « Réessayer » (attempt)
  useEffect(() => {
    const controller = new AbortController();
    setLoad({ status: "loading" });
    fetchOrderReviews({ orderId: order.id, guestToken }, controller.signal)
      .then((reviews) => setLoad({ status: "ready", reviews }))
      .catch((error: unknown) => {
        if (!controller.signal.aborted) {
          setLoad({ status: "error", message: errorMessage(error, "Vos avis n'ont pas pu être chargés.") });
        }
      });
    return () => controller.abort();
  }, [order.id, guestToken, attempt]);

  const replace = useCallback((productId: number, review: OwnReview | null) => {
    setLoad((current) =>
      current.status !== "ready"
        ? current
        : {
            status: "ready",
            reviews: [
              ...current.reviews.filter((one) => one.product_id !== productId),
              ...(review ? [review] : []),
            ],
          },
    );
  }, []);

  const Heading = headingLevel === 2 ? "h2" : "h3";
  const Product = headingLevel === 2 ? "h3" : "h4";
  return (
    <section
      id={id}
      aria-labelledby={headingId}
      className="w-full rounded-2xl border border-cream-300 bg-white p-5 shadow-sm sm:p-6"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <Heading
          id={headingId}
          ref={heading}
          tabIndex={-1}
          className="font-serif text-xl font-semibold text-olive-900 focus:outline-none"
        >
          {PANEL_HEADING}
        </Heading>
        {onClose && (
          <button type="button" className="btn btn-secondary px-4" onClick={onClose}>
            Fermer<span className="sr-only"> les avis</span>
          </button>
        )}
      </div>
      <div className="mt-2 space-y-1 text-sm text-ink-soft">
        <p>{MODERATION_NOTICE}</p>
        <p>{NO_REWARD_NOTICE}</p>
        <p>
          <a href={REVIEW_RULES_PATH} className="font-semibold text-olive-700 underline underline-offset-4">
            Règles de publication des avis
          </a>
        </p>
      </div>
      {load.status === "loading" && (
        <p role="status" className="mt-4 text-ink-soft">
          Chargement de vos avis...
        </p>
      )}
      {load.status === "error" && (
        <div className="mt-4 space-y-3">
          <Notice kind="error">{load.message}</Notice>
          <button type="button" className="btn btn-secondary px-5" onClick={() => setAttempt((n) => n + 1)}>
            Réessayer
          </button>
        </div>
      )}
      {load.status === "ready" && (
        <ul className="mt-4 divide-y divide-cream-200">
          {panelEntries(order.items, load.reviews).map((entry) => (
            <li key={entry.product.productId} className="py-4 first:pt-0 last:pb-0">
              <ProductReview
                entry={entry}
                heading={Product}
                shownName={defaultShownName(order.user.full_name)}
                access={access}
                onChanged={replace}
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** One product: its review, or the form (a first review, or a change of hers), and what just happened. */
function ProductReview({
  entry,
  heading: Heading,
  shownName,
  access,
  onChanged,
}: {
  entry: PanelEntry<OwnReview>;
  heading: "h3" | "h4";
  shownName: string;
  access: ReviewAccess;
  onChanged: (productId: number, review: OwnReview | null) => void;
}) {
  const { productId, name } = entry.product;
  const [editing, setEditing] = useState(false);
  const [focusCard, setFocusCard] = useState(false);
  const [withdrawing, setWithdrawing] = useState(false);
  const [notice, setNotice] = useState<{ kind: "error" | "success"; text: string } | null>(null);
  const noticeBox = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (notice) noticeBox.current?.focus();
  }, [notice]);

  async function withdraw() {
    if (withdrawing || !window.confirm(WITHDRAW_CONFIRMATION)) return;
    setWithdrawing(true);
    try {
      await withdrawReview(access, productId);
      setEditing(false);
      onChanged(productId, null);
      setNotice({ kind: "success", text: "Votre avis est retiré." });
    } catch (error) {
      setNotice({ kind: "error", text: errorMessage(error, "L'avis n'a pas pu être retiré. Réessayez.") });
    } finally {
      setWithdrawing(false);
    }
  }

  const saved = (review: OwnReview) => {
    setEditing(false);
    setNotice(null);
    setFocusCard(true);
    onChanged(productId, review);
  };

  return (
    <article aria-label={name}>
      <Heading className="font-semibold text-ink">{name}</Heading>
      {notice && (
        <div ref={noticeBox} tabIndex={-1} className="mt-3 focus:outline-none">
          <Notice kind={notice.kind}>{notice.text}</Notice>
        </div>
      )}
      {entry.kind === "review" && !editing ? (
        <OwnReviewCard
          review={entry.review}
          focus={focusCard}
          busy={withdrawing}
          onEdit={() => {
            setNotice(null);
            setFocusCard(false);
            setEditing(true);
          }}
          onWithdraw={() => void withdraw()}
        />
      ) : (
        <ReviewForm
          key={entry.kind === "review" ? "change" : "new"}
          productName={name}
          initial={entry.kind === "review" ? draftOf(entry.review) : emptyDraft(shownName)}
          change={entry.kind === "review"}
          send={(input) => saveReview(access, productId, input, entry.kind === "review")}
          onSaved={saved}
          onCancel={
            entry.kind === "review"
              ? () => {
                  setEditing(false);
                  setFocusCard(true);
                }
              : undefined
          }
        />
      )}
    </article>
  );
}
