/** What reviews offers personal-data: an author's reviews for her export, and their deletion when she erases. */
import type { DataDeps, Deps } from "../platform/deps";
import { markSiteStale } from "../publishing/publishing";
import { reviewEntity } from "./entity";
import type { ReviewRecord } from "./service";

async function reviewsOfAuthor(deps: DataDeps, userId: string): Promise<ReviewRecord[]> {
  const { data } = await reviewEntity(deps.db).query.byAuthor({ user_id: userId }).go({ pages: "all" });
  return data;
}

/** Her reviews as she wrote them, with where each stands and its dates. */
export async function exportedReviews(deps: DataDeps, userId: string) {
  return (await reviewsOfAuthor(deps, userId)).map((review) => ({
    order_id: review.order_id,
    product_id: review.product_id,
    product_name: review.product_name,
    rating: review.rating,
    title: review.title,
    text: review.text,
    shown_name: review.shown_name,
    status: review.status,
    refusal_reason: review.refusal_reason ?? null,
    experienced_at: review.experienced_at,
    submitted_at: review.submitted_at,
    published_at: review.published_at ?? null,
    moderated_at: review.moderated_at ?? null,
    answer: review.answer_text ? { text: review.answer_text, at: review.answer_at ?? "" } : null,
  }));
}

/**
 * Deleted, not anonymised: the rules page says reviews do not outlive their author's data. A published one leaves
 * the pages at the next publish. Deleting one gone meanwhile is no error, so an erasure asked again does it again.
 */
export async function eraseReviewsOfAuthor(
  deps: DataDeps & Partial<Pick<Deps, "publisher">>,
  userId: string,
): Promise<number> {
  const reviews = await reviewsOfAuthor(deps, userId);
  if (!reviews.length) return 0;
  await reviewEntity(deps.db)
    .delete(reviews.map(({ order_id, product_id }) => ({ order_id, product_id })))
    .go();
  if (reviews.some((review) => review.status === "published")) await markSiteStale(deps, "avis effacé");
  return reviews.length;
}
