import { type EntityOf, entitySchema } from "../entity-schema";

/** An address of a customer's address book; the key includes the owner's id, so no one reads another's. */
export const addressSchema = entitySchema({
  model: { entity: "address", version: "1", service: "shop" },
  attributes: {
    user_id: { type: "string", required: true },
    id: { type: "string", required: true },
    first_name: { type: "string", required: true },
    last_name: { type: "string", required: true },
    phone: { type: "string", required: true },
    address_line1: { type: "string", required: true },
    address_line2: { type: "string" },
    city: { type: "string", required: true },
    postal_code: { type: "string", required: true },
    country: { type: "string", required: true },
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
