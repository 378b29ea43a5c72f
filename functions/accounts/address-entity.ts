import { postalAddressAttributes } from "../platform/db/entities/shapes";
import { defineEntity } from "../platform/db/entity";
import { type EntityOf, entitySchema } from "../platform/db/entity-schema";

/** An address of a customer's address book; the key includes the owner's id, so no one reads another's. */
export const addressSchema = entitySchema({
  model: { entity: "address", version: "1", service: "shop" },
  attributes: {
    user_id: { type: "string", required: true },
    id: { type: "string", required: true },
    ...postalAddressAttributes,
    created_at: { type: "string", required: true, readOnly: true },
    updated_at: { type: "string", required: true },
  },
  indexes: {
    byUser: {
      pk: { field: "pk", composite: ["user_id"] },
      sk: { field: "sk", composite: ["id"] },
    },
  },
});
export type AddressEntity = EntityOf<typeof addressSchema>;
export const addressEntity = defineEntity(addressSchema);
