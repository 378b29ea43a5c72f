import { PRICE_CHANGE_REASONS } from "../../src/domain/reductions/reference-price";
import { defineEntity } from "../platform/db/entity";
import { type EntityOf, entitySchema } from "../platform/db/entity-schema";

/**
 * A product's price history, one line per change, written in the same transaction as the price: the reference price
 * of a reduction (the lowest of the 30 days before it) is computed from it.
 */
export const priceChangeSchema = entitySchema({
  model: { entity: "price_change", version: "1", service: "shop" },
  attributes: {
    product_id: { type: "number", required: true },
    id: { type: "string", required: true },
    at: { type: "string", required: true },
    price_cents: { type: "number", required: true },
    reason: { type: PRICE_CHANGE_REASONS, required: true },
    admin_id: { type: "string" },
  },
  indexes: {
    byProduct: {
      pk: { field: "pk", composite: ["product_id"] },
      sk: { field: "sk", composite: ["at", "id"] },
    },
  },
});
export type PriceChangeEntity = EntityOf<typeof priceChangeSchema>;
export const priceChangeEntity = defineEntity(priceChangeSchema);
