import { itemKey } from "../../../platform/db/entities/shapes";
import { defineEntity } from "../../../platform/db/entity";
import { type EntityOf, entitySchema } from "../../../platform/db/entity-schema";

/**
 * The SHA-256 of a mailed attach link's token, never the token, bound to the account and the e-mail it was sent
 * for. `used_at` is set in the first transaction that moves the orders, on the condition that it was unset: once.
 */
export const guestAttachTokenSchema = entitySchema({
  model: { entity: "guest_attach_token", version: "1", service: "shop" },
  attributes: {
    token_hash: { type: "string", required: true },
    user_id: { type: "string", required: true },
    email: { type: "string", required: true },
    created_at: { type: "string", required: true },
    expires_at: { type: "string", required: true },
    used_at: { type: "string" },
    expires_at_ttl: { type: "number", required: true },
  },
  indexes: {
    byToken: itemKey("token_hash"),
    // The links mailed for an account: its erasure deletes them.
    byUser: {
      index: "gsi1",
      pk: { field: "gsi1pk", composite: ["user_id"] },
      sk: { field: "gsi1sk", composite: ["created_at"] },
    },
  },
});
export type GuestAttachTokenEntity = EntityOf<typeof guestAttachTokenSchema>;
export const guestAttachTokenEntity = defineEntity(guestAttachTokenSchema);
