import type { Context } from "hono";
import { Hono } from "hono";
import { rateLimits } from "../../src/domain/rate-limit";
import { withSession } from "../accounts/session-middleware";
import { guestToken, type OrderAccess } from "../orders/guest/links";
import type { AppEnv } from "../platform/env";
import { clientKey } from "../platform/middleware/client-ip";
import { retryAfterHeader } from "../platform/middleware/retry-after";
import { route, routesAt } from "../platform/route";
import { admitAttempt } from "../platform/throttle";
import { reviewsContract as contract } from "./contract";
import { publishedReviews, reportReview } from "./published";
import { changeReview, createReview, reviewsOfOrder, withdrawReview } from "./service";

/** With the catalogue: reviews are read with the products, and written rarely. */
export const reviewsRoutes = routesAt(
  { mount: "/api/reviews", area: "catalog" },
  new Hono<AppEnv>().use(retryAfterHeader, withSession),
);

/** The signed-in customer's orders, else the guest's by her link: never both, never another's. */
function access(c: Context<AppEnv>): OrderAccess {
  const user = c.var.auth?.user;
  return user ? { userId: user.id } : { guestToken: guestToken(c) };
}

async function admitWrite(c: Context<AppEnv>) {
  const user = c.var.auth?.user;
  await admitAttempt(c.var.deps, [
    { scope: "review-writes-address", subject: clientKey(c), rule: rateLimits.reviewWrites },
    ...(user ? [{ scope: "review-writes-account", subject: user.id, rule: rateLimits.reviewWrites }] : []),
  ]);
}

route(reviewsRoutes, contract.getReviewsOrdersByOrderId, async (c) =>
  c.json({ reviews: await reviewsOfOrder(c.var.deps, c.req.valid("param").orderId, access(c)) }),
);

route(reviewsRoutes, contract.postReviewsOrdersByOrderIdProductsByProductId, async (c) => {
  await admitWrite(c);
  const { orderId, productId } = c.req.valid("param");
  const review = await createReview(c.var.deps, orderId, productId, access(c), c.req.valid("json"));
  return c.json({ review }, 201);
});

route(reviewsRoutes, contract.putReviewsOrdersByOrderIdProductsByProductId, async (c) => {
  await admitWrite(c);
  const { orderId, productId } = c.req.valid("param");
  return c.json({
    review: await changeReview(c.var.deps, orderId, productId, access(c), c.req.valid("json")),
  });
});

route(reviewsRoutes, contract.deleteReviewsOrdersByOrderIdProductsByProductId, async (c) => {
  const { orderId, productId } = c.req.valid("param");
  await withdrawReview(c.var.deps, orderId, productId, access(c));
  return c.body(null, 204);
});

route(reviewsRoutes, contract.getReviewsPublished, async (c) =>
  c.json({ reviews: await publishedReviews(c.var.deps) }),
);

route(reviewsRoutes, contract.postReviewsPublishedByIdReports, async (c) => {
  await admitAttempt(c.var.deps, [
    { scope: "review-reports-address", subject: clientKey(c), rule: rateLimits.reviewReportsPerAddress },
  ]);
  await reportReview(c.var.deps, c.req.valid("param").id, c.req.valid("json").reason);
  return c.body(null, 204);
});
