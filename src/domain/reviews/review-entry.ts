/** Where the author's review panel opens, zod-free so the order pages load it without the review rules. */

/** Present in the query of an order's page, it opens the order's review form (the invitation mail's link). */
export const REVIEW_FORM_PARAMETER = "avis";

/** Whether an order offers its reviews: only once delivered (the server checks it again). */
export function reviewsOffered(order: { status: string }): boolean {
  return order.status === "delivered";
}

/** Whether an order page's query asks for its review form open (`?avis=1`). */
export function reviewFormRequested(search: string): boolean {
  const value = new URLSearchParams(search).get(REVIEW_FORM_PARAMETER);
  return value !== null && value !== "0";
}
