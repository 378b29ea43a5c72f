/** The owner's « Avis » calls, through the typed API client. Each write sends the version the screen read. */
import type { RefusalReason } from "../../../domain/reviews/moderation-words";
import { type ApiAnswer, api, unwrap } from "../../../lib/api/client";

export type AdminReview = ApiAnswer<"/api/admin/reviews">["reviews"][number];
/** What waits for the owner (the waiting reviews and the reported published ones), or every published review. */
export type ReviewsView = "to_moderate" | "published";

export async function fetchAdminReviews(view: ReviewsView, signal?: AbortSignal): Promise<AdminReview[]> {
  const query = view === "published" ? { status: "published" as const } : {};
  const { reviews } = await unwrap(api.GET("/api/admin/reviews", { params: { query }, signal }));
  return reviews;
}

const path = (review: AdminReview) => ({
  path: { orderId: review.order_id, productId: review.product_id },
});

export const publishReview = (review: AdminReview) =>
  unwrap(
    api.POST("/api/admin/reviews/{orderId}/{productId}/publish", {
      params: path(review),
      body: { version: review.version },
    }),
  );

export const refuseReview = (review: AdminReview, reason: RefusalReason) =>
  unwrap(
    api.POST("/api/admin/reviews/{orderId}/{productId}/refuse", {
      params: path(review),
      body: { version: review.version, reason },
    }),
  );

export const answerReview = (review: AdminReview, text: string) =>
  unwrap(
    api.PUT("/api/admin/reviews/{orderId}/{productId}/answer", {
      params: path(review),
      body: { version: review.version, text },
    }),
  );

/** One review's key in the screen (its order and product). */
export const reviewKey = (review: Pick<AdminReview, "order_id" | "product_id">) =>
  `${review.order_id}/${review.product_id}`;
