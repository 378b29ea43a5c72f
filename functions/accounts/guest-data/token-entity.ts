import { itemKey } from "../../platform/db/entities/shapes";
import { type EntityOf, entitySchema } from "../../platform/db/entity-schema";

/**
 * A mailed link to a guest's personal data (issue 32, src/domain/accounts/guest-data.ts): the SHA-256 of its token,
 * never the token, bound to the normalised e-mail it was sent to. Valid until `expires_at` (24 hours), removed by the
 * table's TTL a day later; `used_at` is set by the erasure it served, in the erasure's last transaction, so it erases
 * once.
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
  },
});
export type GuestDataTokenEntity = EntityOf<typeof guestDataTokenSchema>;
