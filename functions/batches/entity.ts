import { defineEntity } from "../platform/db/entity";
import { type EntityOf, entitySchema } from "../platform/db/entity-schema";

/**
 * A product's lot: `remaining` changes only by sales (conditioned on what is left), units
 * given back and the owner's adjustments. The lot number is the sort key, so it is unique per product.
 */
export const batchSchema = entitySchema({
  model: { entity: "batch", version: "1", service: "shop" },
  attributes: {
    product_id: { type: "number", required: true },
    lot: { type: "string", required: true },
    made_on: { type: "string", required: true },
    dried_on: { type: "string" },
    expires_on: { type: "string" },
    pao_months: { type: "number" },
    inci_version: { type: "string", required: true },
    quantity: { type: "number", required: true },
    remaining: { type: "number", required: true },
    created_at: { type: "string", required: true },
    admin_id: { type: "string" },
    adjustments: {
      type: "list",
      items: {
        type: "map",
        properties: {
          at: { type: "string", required: true },
          delta: { type: "number", required: true },
          note: { type: "string", required: true },
          admin_id: { type: "string", required: true },
        },
      },
    },
  },
  indexes: {
    byProduct: {
      pk: { field: "pk", composite: ["product_id"] },
      sk: { field: "sk", composite: ["lot"] },
    },
  },
});
export type BatchEntity = EntityOf<typeof batchSchema>;
export const batchEntity = defineEntity(batchSchema);

/**
 * One per order and lot, so a recall finds every order of a lot with one query. `notified_at` is set on the
 * condition that it is not, before the mail leaves: a double click or two admins send one mail.
 */
export const batchSaleSchema = entitySchema({
  model: { entity: "batch_sale", version: "1", service: "shop" },
  attributes: {
    product_id: { type: "number", required: true },
    lot: { type: "string", required: true },
    order_id: { type: "string", required: true },
    quantity: { type: "number", required: true },
    at: { type: "string", required: true },
    notified_at: { type: "string" },
    notified_email: { type: "string" },
    notified_by: { type: "string" },
  },
  indexes: {
    byLot: {
      pk: { field: "pk", composite: ["product_id", "lot"] },
      sk: { field: "sk", composite: ["order_id"] },
    },
  },
});
export type BatchSaleEntity = EntityOf<typeof batchSaleSchema>;
export const batchSaleEntity = defineEntity(batchSaleSchema);
