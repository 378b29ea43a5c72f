/**
 * What the prebuilt pages print of a product's published reviews (D111-17): the summary, the verification sentence,
 * the order, and each review with its dates and the shop's answer. Used by the build; the report
 * form's texts are in review-report-view.ts, which its script loads without zod.
 */
import {
  averageText,
  countText,
  newestFirst,
  type PublishedReview,
  ratingSummary,
  reviewDate,
} from "../domain/reviews/ratings";
import { RATING_MAX } from "../domain/reviews/review";
import { REPORT_REASONS } from "../domain/reviews/review-schemas";

export const REVIEWS_TITLE = "Avis clients";
export const REVIEWS_VERIFIED =
  "Avis vérifiés : seuls les clients ayant reçu leur commande peuvent laisser un avis";
export const REVIEWS_ORDER = "Du plus récent au plus ancien";
export const REVIEWS_RULES_LINK = "Nos règles de publication des avis";
export const NO_REVIEWS =
  "Aucun avis pour l'instant. Les clients qui ont reçu ce savon pourront bientôt partager leur expérience.";
export const ANSWER_TITLE = "Réponse de la savonnerie";

/** The stars drawn for a rating: filled up to the rounded rating, out of RATING_MAX. */
export function stars(rating: number): boolean[] {
  const filled = Math.round(rating);
  return Array.from({ length: RATING_MAX }, (_, index) => index < filled);
}

/** « Note : 4 sur 5 », the stars' text equivalent. */
export function ratingLabel(rating: number): string {
  return `Note : ${averageText(rating)}`;
}

export interface SummaryView {
  average: number;
  /** « 4,6 sur 5 — 12 avis » */
  text: string;
  stars: boolean[];
}

/** The average and count, or null without a review: then no rating shows anywhere. */
export function summaryView(reviews: readonly Pick<PublishedReview, "rating">[]): SummaryView | null {
  const { count, average } = ratingSummary(reviews);
  if (!count || average === null) return null;
  return { average, text: `${averageText(average)} — ${countText(count)}`, stars: stars(average) };
}

export interface ReviewItemView {
  id: string;
  rating: number;
  ratingLabel: string;
  stars: boolean[];
  title: string;
  text: string;
  shownName: string;
  experiencedAt: string;
  experienced: string;
  publishedAt: string;
  published: string;
  answer: { text: string; at: string; date: string } | null;
}

export function reviewItemView(review: PublishedReview): ReviewItemView {
  return {
    id: review.id,
    rating: review.rating,
    ratingLabel: ratingLabel(review.rating),
    stars: stars(review.rating),
    title: review.title,
    text: review.text,
    shownName: review.shown_name,
    experiencedAt: review.experienced_at,
    experienced: `Commande reçue le ${reviewDate(review.experienced_at)}`,
    publishedAt: review.published_at,
    published: `Publié le ${reviewDate(review.published_at)}`,
    answer: review.answer
      ? { text: review.answer.text, at: review.answer.at, date: `Le ${reviewDate(review.answer.at)}` }
      : null,
  };
}

export function reviewsView(reviews: readonly PublishedReview[]): {
  summary: SummaryView | null;
  items: ReviewItemView[];
} {
  return { summary: summaryView(reviews), items: newestFirst(reviews).map(reviewItemView) };
}

/** « Signaler cet avis »'s reasons as the API takes them, for the radios the build prints. */
export const REPORT_REASON_OPTIONS = Object.entries(REPORT_REASONS).map(([value, label]) => ({
  value: value as keyof typeof REPORT_REASONS,
  label,
}));
