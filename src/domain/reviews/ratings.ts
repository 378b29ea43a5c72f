/**
 * A product's published reviews as its page shows them: newest first, their average and count, and the schema.org
 * items Google reads for review snippets (developers.google.com/search/docs/appearance/structured-data/review-snippet).
 */
import { RATING_MAX, RATING_MIN } from "./review";

export interface PublishedReview {
  id: string;
  rating: number;
  title: string;
  text: string;
  shown_name: string;
  /** The delivery: the date of the experience (D111-17). */
  experienced_at: string;
  published_at: string;
  answer: { text: string; at: string } | null;
}

export interface RatingSummary {
  count: number;
  /** Rounded to one decimal; null without a review. */
  average: number | null;
}

export function newestFirst<T extends Pick<PublishedReview, "published_at" | "id">>(
  reviews: readonly T[],
): T[] {
  return [...reviews].sort(
    (a, b) => b.published_at.localeCompare(a.published_at) || b.id.localeCompare(a.id),
  );
}

export function ratingSummary(reviews: readonly Pick<PublishedReview, "rating">[]): RatingSummary {
  if (!reviews.length) return { count: 0, average: null };
  const total = reviews.reduce((sum, review) => sum + review.rating, 0);
  return { count: reviews.length, average: Math.round((total / reviews.length) * 10) / 10 };
}

/** « 4,6 sur 5 » */
export function averageText(average: number): string {
  return `${average.toLocaleString("fr-FR", { maximumFractionDigits: 1 })} sur ${RATING_MAX}`;
}

export function countText(count: number): string {
  return count === 1 ? "1 avis" : `${count.toLocaleString("fr-FR")} avis`;
}

/** « Avis du 12 mars 2026 », in Paris time. */
export function reviewDate(iso: string): string {
  return new Date(iso).toLocaleDateString("fr-FR", {
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "Europe/Paris",
  });
}

/** The properties a Product's JSON-LD gains: none without a review, as Google asks for no rating then. */
export function reviewsStructuredData(reviews: readonly PublishedReview[]): Record<string, unknown> {
  const { count, average } = ratingSummary(reviews);
  if (!count || average === null) return {};
  return {
    aggregateRating: {
      "@type": "AggregateRating",
      ratingValue: average,
      reviewCount: count,
      bestRating: RATING_MAX,
      worstRating: RATING_MIN,
    },
    review: newestFirst(reviews).map((review) => ({
      "@type": "Review",
      name: review.title,
      reviewBody: review.text,
      datePublished: review.published_at.slice(0, 10),
      author: { "@type": "Person", name: review.shown_name },
      reviewRating: {
        "@type": "Rating",
        ratingValue: review.rating,
        bestRating: RATING_MAX,
        worstRating: RATING_MIN,
      },
    })),
  };
}
