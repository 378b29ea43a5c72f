import { itemKey } from "../../platform/db/entities/shapes";
import { defineEntity } from "../../platform/db/entity";
import { type EntityOf, entitySchema } from "../../platform/db/entity-schema";

/**
 * The SHA-256 of a « Mes données » link's token, never the token. The erasure deletes it in its last transaction,
 * on the condition that it is still there, so it erases once. `used_at` (older links) is still refused.
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
    // The links mailed to an e-mail: its erasure deletes them all.
    byEmail: {
      index: "gsi1",
      pk: { field: "gsi1pk", composite: ["email"] },
      sk: { field: "gsi1sk", composite: ["created_at"] },
    },
  },
});
export type GuestDataTokenEntity = EntityOf<typeof guestDataTokenSchema>;
export const guestDataTokenEntity = defineEntity(guestDataTokenSchema);
