import { type EntityOf, entitySchema } from "../platform/db/entity-schema";

/**
 * An order's Colissimo label (issue 31, docs/decisions/047). One item per order, written before Colissimo is called:
 * creating it is the claim that makes a second click (another tab, a retried request) wait instead of buying a second
 * label, since Colissimo's label service has no idempotency key. Once bought, it records the parcel and the PDF's key
 * before the order is moved, so a label paid for is never lost: a retry after a failure in between records it on the
 * order instead of buying another. The day index lists the day's labels for printing them at once.
 */
export const shippingLabelSchema = entitySchema({
  model: { entity: "shipping_label", version: "1", service: "shop" },
  attributes: {
    order_id: { type: "string", required: true, readOnly: true },
    /** "buying": Colissimo is being called; "bought": the label exists (parcel_number, key). */
    state: { type: ["buying", "bought"] as const, required: true },
    /** When the claim was taken; a claim older than LABEL_CLAIM_MS is one a crashed request left. */
    requested_at: { type: "string", required: true },
    parcel_number: { type: "string" },
    /** The PDF in the private documents storage (labels/<order id>/<parcel>.pdf). */
    key: { type: "string" },
    /**
     * The PDF itself, base64, while the documents storage has not taken it (it failed when the label was bought): the
     * next click stores it, then drops it from here. A label paid for is never only in a request's memory.
     */
    pdf: { type: "string" },
    /** The day it was bought, Paris time (YYYY-MM-DD), and when: the day's labels, in the order they were made. */
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
      // Not order_id: the claim is created with it alone, and ElectroDB refuses half an index key. A GSI's keys need
      // not be unique, so two labels bought in the same millisecond both stay listed.
      sk: { field: "gsi1sk", composite: ["bought_at"] },
    },
  },
});
export type ShippingLabelEntity = EntityOf<typeof shippingLabelSchema>;
