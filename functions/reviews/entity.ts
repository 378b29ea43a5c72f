import { REVIEW_STATUSES } from "../../src/domain/reviews/moderation-words";
import { defineEntity } from "../platform/db/entity";
import { type EntityOf, entitySchema } from "../platform/db/entity-schema";

/**
 * One review per product of an order: the key is the order and the product, written only if absent, so two
 * submits at once make one review (docs/decisions/053-reviews.md).
 */
export const reviewSchema = entitySchema({
  model: { entity: "review", version: "1", service: "shop" },
  attributes: {
    order_id: { type: "string", required: true, readOnly: true },
    product_id: { type: "number", required: true, readOnly: true },
    /** The order's customer: her account's id, or guest:<e-mail>. */
    user_id: { type: "string", required: true, readOnly: true },
    /** Where a refusal's reason is sent (D111-19). */
    email: { type: "string", required: true, readOnly: true },
    product_name: { type: "string", required: true, readOnly: true },
    rating: { type: "number", required: true },
    title: { type: "string", required: true },
    text: { type: "string", required: true },
    shown_name: { type: "string", required: true },
    status: { type: REVIEW_STATUSES, required: true },
    refusal_reason: { type: "string" },
    /** The delivery: the date of the experience (D111-17). */
    experienced_at: { type: "string", required: true, readOnly: true },
    /** The last submit or change by the author: the moderation delay runs from it. */
    submitted_at: { type: "string", required: true },
    published_at: { type: "string" },
    moderated_at: { type: "string" },
    answer_text: { type: "string" },
    answer_at: { type: "string" },
    reports: { type: "number", required: true, default: 0 },
    last_report_reason: { type: "string" },
    /** Changes with every write: a stale owner's screen is refused. */
    version: { type: "number", required: true },
  },
  indexes: {
    byOrder: {
      pk: { field: "pk", composite: ["order_id"] },
      sk: { field: "sk", composite: ["product_id"] },
    },
    byStatus: {
      index: "gsi1",
      pk: { field: "gsi1pk", composite: ["status"] },
      sk: { field: "gsi1sk", composite: ["submitted_at", "order_id", "product_id"] },
    },
    byAuthor: {
      index: "gsi2",
      pk: { field: "gsi2pk", composite: ["user_id"] },
      sk: { field: "gsi2sk", composite: ["order_id", "product_id"] },
    },
  },
});
export type ReviewEntity = EntityOf<typeof reviewSchema>;
export const reviewEntity = defineEntity(reviewSchema);
