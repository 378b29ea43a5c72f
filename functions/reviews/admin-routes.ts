import { Hono } from "hono";
import { withSession } from "../accounts/session-middleware";
import type { AppEnv } from "../platform/env";
import { requireAdmin } from "../platform/middleware/admin";
import { route, routesAt } from "../platform/route";
import { adminReviewsContract as contract } from "./admin-contract";
import {
  adminReview,
  answerReview,
  publishedReviews,
  publishReview,
  refuseReview,
  reviewsToModerate,
} from "./moderation";

/** Served by the "lots" function, with the owner's other lists outside the admin function. */
export const adminReviewsRoutes = routesAt(
  { mount: "/api/admin/reviews", area: "lots" },
  new Hono<AppEnv>().use(withSession, requireAdmin),
);

const key = (param: { orderId: string; productId: number }) => ({
  order_id: param.orderId,
  product_id: param.productId,
});

route(adminReviewsRoutes, contract.getAdminReviews, async (c) => {
  const { status } = c.req.valid("query");
  const reviews = status === "published" ? publishedReviews(c.var.deps) : reviewsToModerate(c.var.deps);
  return c.json({ reviews: await reviews });
});

route(adminReviewsRoutes, contract.postAdminReviewsByOrderIdByProductIdPublish, async (c) => {
  const review = await publishReview(c.var.deps, key(c.req.valid("param")), c.req.valid("json").version);
  return c.json({ review: adminReview(review, c.var.deps.clock()) });
});

route(adminReviewsRoutes, contract.postAdminReviewsByOrderIdByProductIdRefuse, async (c) => {
  const { version, reason } = c.req.valid("json");
  const review = await refuseReview(c.var.deps, key(c.req.valid("param")), version, reason);
  return c.json({ review: adminReview(review, c.var.deps.clock()) });
});

route(adminReviewsRoutes, contract.putAdminReviewsByOrderIdByProductIdAnswer, async (c) => {
  const { version, text } = c.req.valid("json");
  const review = await answerReview(c.var.deps, key(c.req.valid("param")), version, text);
  return c.json({ review: adminReview(review, c.var.deps.clock()) });
});
