import { itemKey } from "../platform/db/entities/shapes";
import { defineEntity } from "../platform/db/entity";
import { type EntityOf, entitySchema } from "../platform/db/entity-schema";

/** Only the token's SHA-256 is stored: a leaked table leaks no session. The code checks `expires_at`: TTL is lazy. */
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
export const sessionEntity = defineEntity(sessionSchema);
