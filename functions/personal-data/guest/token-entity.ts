import { itemKey } from "../../platform/db/entities/shapes";
import { type EntityOf, entitySchema } from "../../platform/db/entity-schema";

/**
 * A mailed link to a guest's personal data (issue 32, src/domain/accounts/guest-data.ts): the SHA-256 of its token,
 * never the token, bound to the normalised e-mail it was sent to. Valid until `expires_at` (24 hours), removed by the
 * table's TTL a day later. The erasure it serves deletes it in its last transaction, on the condition that it is still
 * there and unused, so it erases once; with it go the other links mailed to the e-mail. `used_at` marked a link used
 * before erasures deleted them, and is still refused.
 */
export const guestDataTokenSchema = entitySchema({
  model: { entity: "guest_data_token", version: "1", service: "shop" },
  attributes: {
    token_hash: { type: "string", required: true },
    email: { type: "string", required: true },
    created_at: { type: "string", required: true },
    expires_at: { type: "string", required: true },
    used_at: { type: "string" },
    expires_at_ttl: { type: "number", required: true },
  },
  indexes: {
    byToken: itemKey("token_hash"),
    // The links mailed to an e-mail: its erasure deletes them all (decision record 017).
    byEmail: {
      index: "gsi1",
      pk: { field: "gsi1pk", composite: ["email"] },
      sk: { field: "gsi1sk", composite: ["created_at"] },
    },
  },
});
export type GuestDataTokenEntity = EntityOf<typeof guestDataTokenSchema>;
