/**
 * Browser calls of the author's reviews (functions/reviews/contract.ts): the signed-in customer's by her session, a
 * guest's with her order link's token in the X-Order-Token header. Loaded with the review panel only.
 */
import { GUEST_TOKEN_HEADER } from "../domain/orders/guest";
import type { ReviewInput } from "../domain/reviews/review";
import { type ApiAnswer, api, unwrap } from "./api/client";

export type OwnReview = ApiAnswer<"/api/reviews/orders/{orderId}">["reviews"][number];

/** Whose order: the session's (no token) or a guest link's. */
export interface ReviewAccess {
  orderId: string;
  guestToken: string | null;
}

const headers = ({ guestToken }: ReviewAccess) => (guestToken ? { [GUEST_TOKEN_HEADER]: guestToken } : {});

export async function fetchOrderReviews(access: ReviewAccess, signal?: AbortSignal): Promise<OwnReview[]> {
  const { reviews } = await unwrap(
    api.GET("/api/reviews/orders/{orderId}", {
      params: { path: { orderId: access.orderId } },
      headers: headers(access),
      signal,
    }),
  );
  return reviews;
}

/** POST a first review, or PUT a change (back to moderation): the review as the server keeps it. */
export async function saveReview(
  access: ReviewAccess,
  productId: number,
  input: ReviewInput,
  change: boolean,
): Promise<OwnReview> {
  const init = {
    params: { path: { orderId: access.orderId, productId } },
    headers: headers(access),
    body: input,
  };
  const { review } = await unwrap(
    change
      ? api.PUT("/api/reviews/orders/{orderId}/products/{productId}", init)
      : api.POST("/api/reviews/orders/{orderId}/products/{productId}", init),
  );
  return review;
}

export async function withdrawReview(access: ReviewAccess, productId: number): Promise<void> {
  await unwrap(
    api.DELETE("/api/reviews/orders/{orderId}/products/{productId}", {
      params: { path: { orderId: access.orderId, productId } },
      headers: headers(access),
    }),
  );
}
