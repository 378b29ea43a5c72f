import { type EntityOf, entitySchema } from "../platform/db/entity-schema";

/**
 * A batch (lot) of a product (decision record 018): recorded by the owner with its quantity; `remaining` changes only
 * by sales (taken in the order's transaction, conditioned on what is left), units given back (cancellation, released
 * hold, return put back on sale) and the owner's explicit adjustments. The lot number is unique per product (it is
 * the sort key, created on the condition that it does not exist).
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
    /** The owner's corrections of `remaining` ("-2 cassés"), oldest first. */
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

/**
 * Units of a lot an order took (written in the order's transaction, one per order and lot), so a recall finds every
 * order of a lot with one query. Also the recall's record: `notified_at` is set on the condition that it is not set
 * yet, before the mail leaves, so a double click or two admins send one mail.
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
