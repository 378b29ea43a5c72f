/** Reviews waiting for the owner's moderation, and how many have waited longer than the published delay. */
import { moderationOverdue } from "../../reviews/moderation-words";
import type { TodoReview } from "./facts";

export interface ReviewsToModerate {
  count: number;
  overdue: number;
}

/** Nothing when no review waits. */
export function reviewsToModerate(waiting: readonly TodoReview[], now: Date): ReviewsToModerate | null {
  if (waiting.length === 0) return null;
  return {
    count: waiting.length,
    overdue: waiting.filter((review) => moderationOverdue(review.submitted_at, now)).length,
  };
}
