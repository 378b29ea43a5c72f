import { type EntityOf, entitySchema } from "../../platform/db/entity-schema";

/**
 * A link that opens a guest's order (issue 32, decision record 049): the SHA-256 of its token, never the token. In
 * the order's own partition beside nothing else, so a page asking for an order reads the order and its link by key
 * in one round, a mail adds a link without writing the order (its version, which the owner's forms send back, stays
 * put), and the owner's revocation deletes them all in one transaction.
 */
export const guestLinkSchema = entitySchema({
  model: { entity: "guest_link", version: "1", service: "shop" },
  attributes: {
    order_id: { type: "string", required: true },
    hash: { type: "string", required: true },
    created_at: { type: "string", required: true },
  },
  indexes: {
    byOrder: {
      pk: { field: "pk", composite: ["order_id"] },
      sk: { field: "sk", composite: ["hash"] },
    },
  },
});
export type GuestLinkEntity = EntityOf<typeof guestLinkSchema>;

/**
 * A guest's first link, as her order's transaction writes it: the hash of its token beside the order, and, when the
 * request carries an Idempotency-Key, the random salt the token was derived from with the key, kept under the key
 * (links.ts).
 */
export interface GuestLinkSeed {
  hash: string;
  salt?: string;
}

/** A link's item. */
export function guestLinkItem(orderId: string, hash: string, at: string) {
  return { order_id: orderId, hash, created_at: at };
}
