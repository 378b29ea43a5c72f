import { type EntityOf, entitySchema } from "../platform/db/entity-schema";

/**
 * A shopper's request to be told when an out-of-stock product is back (issue 19; docs/decisions/026-stock-alerts-
 * and-waitlist.md). One per product and e-mail (the key is a hash of the normalized e-mail), so asking twice never
 * makes two. Counts only once confirmed (double opt-in). Deleted once the shopper was told or unsubscribed; an
 * unconfirmed request expires after a week, a confirmed one after a year (the privacy notice says so).
 */
export const waitlistSchema = entitySchema({
  model: { entity: "waitlist_request", version: "1", service: "shop" },
  attributes: {
    product_id: { type: "number", required: true },
    /** sha256 of the normalized e-mail: the request's key, never shown on its own. */
    email_key: { type: "string", required: true },
    email: { type: "string", required: true },
    /** When the shopper asked (first time): the order in which shoppers are told. */
    requested_at: { type: "string", required: true },
    /** sha256 of the secret of the confirmation link. */
    confirm_hash: { type: "string", required: true },
    /** The secret of the unsubscribe link, kept to print it in each mail: it can only remove this request. */
    unsubscribe_secret: { type: "string", required: true },
    confirmed_at: { type: "string" },
    /** Set when a notifier claimed the request (conditionally): no second notifier sends it again. */
    notified_at: { type: "string" },
    /** The claim's own random id, set with notified_at: a claim retried after a lost answer knows it is its own. */
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
