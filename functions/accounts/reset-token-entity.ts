import { itemKey } from "../platform/db/entities/shapes";
import { defineEntity } from "../platform/db/entity";
import { type EntityOf, entitySchema } from "../platform/db/entity-schema";

/** A password-reset token (hashed), single-use (`used_at` set in the same transaction as the new password). */
export const resetTokenSchema = entitySchema({
  model: { entity: "reset_token", version: "1", service: "shop" },
  attributes: {
    token_hash: { type: "string", required: true },
    user_id: { type: "string", required: true },
    expires_at: { type: "string", required: true },
    used_at: { type: "string" },
    expires_at_ttl: { type: "number", required: true },
  },
  indexes: {
    byToken: itemKey("token_hash"),
  },
});
export type ResetTokenEntity = EntityOf<typeof resetTokenSchema>;
export const resetTokenEntity = defineEntity(resetTokenSchema);
