import { defineEntity } from "../platform/db/entity";
import { type EntityOf, entitySchema } from "../platform/db/entity-schema";

/**
 * One item per order, written before Colissimo is called: Colissimo has no idempotency key, so
 * creating it is the claim that stops a second click buying a second label. Once bought it records the parcel
 * before the order moves, so a label paid for is never lost.
 */
export const shippingLabelSchema = entitySchema({
  model: { entity: "shipping_label", version: "1", service: "shop" },
  attributes: {
    order_id: { type: "string", required: true, readOnly: true },
    state: { type: ["buying", "bought"] as const, required: true },
    /** When the claim was taken; a claim older than LABEL_CLAIM_MS is one a crashed request left. */
    requested_at: { type: "string", required: true },
    parcel_number: { type: "string" },
    key: { type: "string" },
    /** Base64, while the documents storage has not taken it: a label paid for is never only in a request's memory. */
    pdf: { type: "string" },
    day: { type: "string" },
    bought_at: { type: "string" },
  },
  indexes: {
    byOrder: {
      pk: { field: "pk", composite: ["order_id"] },
      sk: { field: "sk", composite: [] },
    },
    byDay: {
      index: "gsi1",
      pk: { field: "gsi1pk", composite: ["day"] },
      // Not order_id: ElectroDB refuses half an index key, and the claim is created with it alone.
      sk: { field: "gsi1sk", composite: ["bought_at"] },
    },
  },
});
export type ShippingLabelEntity = EntityOf<typeof shippingLabelSchema>;
export const shippingLabelEntity = defineEntity(shippingLabelSchema);
