import { itemKey } from "../platform/db/entities/shapes";
import { defineEntity } from "../platform/db/entity";
import { type EntityOf, entitySchema } from "../platform/db/entity-schema";

/**
 * An order's one review invitation, claimed by a write made only if absent before the mail goes: two runs at once
 * send one mail. It names the order only, and goes by itself once no invitation could follow.
 */
export const reviewInvitationSchema = entitySchema({
  model: { entity: "review_invitation", version: "1", service: "shop" },
  attributes: {
    order_id: { type: "string", required: true },
    claimed_at: { type: "string", required: true },
    expires_at_ttl: { type: "number", required: true },
  },
  indexes: { byOrder: itemKey("order_id") },
});
export type ReviewInvitationEntity = EntityOf<typeof reviewInvitationSchema>;
export const reviewInvitationEntity = defineEntity(reviewInvitationSchema);

/** An address that wants no more invitations, kept as the SHA-256 of the normalised address, never the address. */
export const reviewOptOutSchema = entitySchema({
  model: { entity: "review_opt_out", version: "1", service: "shop" },
  attributes: {
    email_hash: { type: "string", required: true },
    opted_out_at: { type: "string", required: true },
  },
  indexes: { byEmailHash: itemKey("email_hash") },
});
export type ReviewOptOutEntity = EntityOf<typeof reviewOptOutSchema>;
export const reviewOptOutEntity = defineEntity(reviewOptOutSchema);

/**
 * The opt-out link of one invitation: the SHA-256 of its random token, and the hash of the address it opts out.
 * Kept a year, as long as anyone still opens an old mail.
 */
export const reviewOptOutLinkSchema = entitySchema({
  model: { entity: "review_opt_out_link", version: "1", service: "shop" },
  attributes: {
    token_hash: { type: "string", required: true },
    email_hash: { type: "string", required: true },
    created_at: { type: "string", required: true },
    expires_at_ttl: { type: "number", required: true },
  },
  indexes: { byToken: itemKey("token_hash") },
});
export type ReviewOptOutLinkEntity = EntityOf<typeof reviewOptOutLinkSchema>;
export const reviewOptOutLinkEntity = defineEntity(reviewOptOutLinkSchema);
