import { everyItem, itemKey } from "../platform/db/entities/shapes";
import { defineEntity } from "../platform/db/entity";
import { type EntityOf, entitySchema } from "../platform/db/entity-schema";

/** A customer or admin account. The e-mail is unique through the UserEmail item written in the same transaction. */
export const userSchema = entitySchema({
  model: { entity: "user", version: "1", service: "shop" },
  attributes: {
    id: { type: "string", required: true },
    email: { type: "string", required: true },
    password_hash: { type: "string", required: true },
    full_name: { type: "string", default: "" },
    phone: { type: "string", default: "" },
    is_admin: { type: "boolean", default: false },
    /** The default address is the one this points at, so there is exactly one, switched in one write. */
    default_address_id: { type: "string" },
    /**
     * Each reset raises it, and the sign-in limits count under it: a reset lifts every lock
     * (docs/decisions/033-signin-locks.md).
     */
    signin_epoch: { type: "number" },
    created_at: { type: "string", required: true, readOnly: true },
  },
  indexes: {
    byId: itemKey("id"),
    all: everyItem("gsi1", "created_at", "id"),
  },
});
export type UserEntity = EntityOf<typeof userSchema>;
export const userEntity = defineEntity(userSchema);

/** Uniqueness item: one per normalised e-mail, pointing at the user id. */
export const userEmailSchema = entitySchema({
  model: { entity: "user_email", version: "1", service: "shop" },
  attributes: {
    email: { type: "string", required: true },
    user_id: { type: "string", required: true },
  },
  indexes: {
    byEmail: itemKey("email"),
  },
});
export type UserEmailEntity = EntityOf<typeof userEmailSchema>;
export const userEmailEntity = defineEntity(userEmailSchema);
