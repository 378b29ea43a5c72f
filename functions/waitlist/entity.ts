import { defineEntity } from "../platform/db/entity";
import { type EntityOf, entitySchema } from "../platform/db/entity-schema";

/**
 * One per product and e-mail, so asking twice never makes two; counts once confirmed (double opt-in). The expiry
 * (a week unconfirmed, a year confirmed) is what the privacy notice says.
 */
export const waitlistSchema = entitySchema({
  model: { entity: "waitlist_request", version: "1", service: "shop" },
  attributes: {
    product_id: { type: "number", required: true },
    /** sha256 of the normalized e-mail: the request's key, never shown on its own. */
    email_key: { type: "string", required: true },
    email: { type: "string", required: true },
    /** The order in which shoppers are told. */
    requested_at: { type: "string", required: true },
    confirm_hash: { type: "string", required: true },
    /** Kept to print it in each mail: it can only remove this request. */
    unsubscribe_secret: { type: "string", required: true },
    confirmed_at: { type: "string" },
    /** Set when a notifier claimed the request (conditionally): no second notifier sends it again. */
    notified_at: { type: "string" },
    /** A claim retried after a lost answer knows it is its own. */
    claim_id: { type: "string" },
    expires_at: { type: "string", required: true },
    expires_at_ttl: { type: "number", required: true },
  },
  indexes: {
    byProduct: {
      pk: { field: "pk", composite: ["product_id"] },
      sk: { field: "sk", composite: ["email_key"] },
    },
  },
});
export type WaitlistEntity = EntityOf<typeof waitlistSchema>;
export const waitlistEntity = defineEntity(waitlistSchema);
