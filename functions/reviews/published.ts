/** The reviews the pages show, and a visitor's report of one. */
import { createHash } from "node:crypto";
import { DomainError } from "../../src/domain/errors";
import { newestFirst, type PublishedReview } from "../../src/domain/reviews/ratings";
import { REVIEW_RETENTION_YEARS } from "../../src/domain/reviews/review";
import type { REPORT_REASONS } from "../../src/domain/reviews/review-schemas";
import type { DataDeps } from "../platform/deps";
import { reviewEntity } from "./entity";
import type { ReviewRecord } from "./service";

/** A review's public name: it says nothing of the order it comes from. */
export function publicReviewId(review: Pick<ReviewRecord, "order_id" | "product_id">): string {
  return createHash("sha256").update(`${review.order_id}:${review.product_id}`).digest("hex").slice(0, 16);
}

async function publishedRecords(deps: DataDeps): Promise<ReviewRecord[]> {
  const { data } = await reviewEntity(deps.db).query.byStatus({ status: "published" }).go({ pages: "all" });
  const since = new Date(deps.clock());
  since.setUTCFullYear(since.getUTCFullYear() - REVIEW_RETENTION_YEARS);
  return data.filter((review) => (review.published_at ?? "") >= since.toISOString());
}

export async function publishedReviews(
  deps: DataDeps,
): Promise<(PublishedReview & { product_id: number })[]> {
  const reviews = (await publishedRecords(deps)).map((review) => ({
    id: publicReviewId(review),
    product_id: review.product_id,
    rating: review.rating,
    title: review.title,
    text: review.text,
    shown_name: review.shown_name,
    experienced_at: review.experienced_at,
    published_at: review.published_at as string,
    answer: review.answer_text ? { text: review.answer_text, at: review.answer_at ?? "" } : null,
  }));
  return newestFirst(reviews);
}

/** A report lands on the owner's list; the review stays online until she decides. */
export async function reportReview(
  deps: DataDeps,
  id: string,
  reason: keyof typeof REPORT_REASONS,
): Promise<void> {
  const review = (await publishedRecords(deps)).find((candidate) => publicReviewId(candidate) === id);
  if (!review) throw new DomainError("REVIEW_NOT_FOUND");
  await reviewEntity(deps.db)
    .patch({ order_id: review.order_id, product_id: review.product_id })
    .add({ reports: 1 })
    .set({ last_report_reason: reason })
    .go();
}
