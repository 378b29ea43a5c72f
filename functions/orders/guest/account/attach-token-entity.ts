import { itemKey } from "../../../platform/db/entities/shapes";
import { type EntityOf, entitySchema } from "../../../platform/db/entity-schema";

/**
 * A mailed link that attaches a person's guest orders to her account (issue 32, src/domain/accounts/guest-account.ts):
 * the SHA-256 of its token, never the token, bound to the account it was sent for and the normalised e-mail it was
 * sent to. Valid until `expires_at` (24 hours), removed by the table's TTL a day later; `used_at` is set in the first
 * transaction that moves the orders, on the condition that it was unset, so it attaches once.
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
    // The links mailed for an account: its erasure deletes them (decision record 017).
    byUser: {
      index: "gsi1",
      pk: { field: "gsi1pk", composite: ["user_id"] },
      sk: { field: "gsi1sk", composite: ["created_at"] },
    },
  },
});
export type GuestAttachTokenEntity = EntityOf<typeof guestAttachTokenSchema>;
