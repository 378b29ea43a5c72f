import { itemKey } from "../platform/db/entities/shapes";
import { defineEntity } from "../platform/db/entity";
import { type EntityOf, entitySchema } from "../platform/db/entity-schema";

/** The units a guest's unpaid orders hold under one subject (src/domain/orders/unpaid-holds.ts). */
export const unpaidHoldSchema = entitySchema({
  model: { entity: "unpaid_hold", version: "1", service: "shop" },
  attributes: {
    subject: { type: "string", required: true },
    product_id: { type: "number", required: true },
    units: { type: "number", required: true },
    expires_at_ttl: { type: "number" },
  },
  indexes: {
    bySubject: itemKey("subject", "product_id"),
  },
});
export type UnpaidHoldEntity = EntityOf<typeof unpaidHoldSchema>;
export const unpaidHoldEntity = defineEntity(unpaidHoldSchema);
