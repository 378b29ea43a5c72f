import { itemKey } from "../platform/db/entities/shapes";
import { type EntityOf, entitySchema } from "../platform/db/entity-schema";

/**
 * A signed-in session. Only the SHA-256 of the random token is stored, so a leaked table does not leak
 * sessions. DynamoDB's TTL removes expired ones; the code checks `expires_at` too, since TTL is lazy.
 */
export const sessionSchema = entitySchema({
  model: { entity: "session", version: "1", service: "shop" },
  attributes: {
    token_hash: { type: "string", required: true },
    user_id: { type: "string", required: true },
    created_at: { type: "string", required: true, readOnly: true },
    expires_at: { type: "string", required: true },
    expires_at_ttl: { type: "number", required: true },
  },
  indexes: {
    byToken: itemKey("token_hash"),
    // A user's sessions, to revoke them all on password change or reset.
    byUser: {
      index: "gsi1",
      pk: { field: "gsi1pk", composite: ["user_id"] },
      sk: { field: "gsi1sk", composite: ["created_at"] },
    },
  },
});
export type SessionEntity = EntityOf<typeof sessionSchema>;
