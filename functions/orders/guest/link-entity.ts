import { defineEntity } from "../../platform/db/entity";
import { type EntityOf, entitySchema } from "../../platform/db/entity-schema";

/**
 * The SHA-256 of a guest link's token, never the token. In the order's partition, so an order
 * and its link are read by key in one round, a mail adds a link without moving the order's version, and a
 * revocation deletes them all in one transaction.
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
export const guestLinkEntity = defineEntity(guestLinkSchema);

/** A guest's first link: its hash beside the order, and the salt of its token under the Idempotency-Key. */
export interface GuestLinkSeed {
  hash: string;
  salt?: string;
}

export function guestLinkItem(orderId: string, hash: string, at: string) {
  return { order_id: orderId, hash, created_at: at };
}
