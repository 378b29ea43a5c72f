import { everyItem } from "../platform/db/entities/shapes";
import { defineEntity } from "../platform/db/entity";
import { type EntityOf, entitySchema } from "../platform/db/entity-schema";

/**
 * Code de la consommation L221-21, D221-5: the request is the customer's proof. Immutable: every attribute is
 * read-only and the items are only ever created, conditionally on the next number of the order, so two requests
 * cannot take the same units (tests/tooling/withdrawal-immutable.test.ts).
 */
export const withdrawalSchema = entitySchema({
  model: { entity: "withdrawal", version: "1", service: "shop" },
  attributes: {
    order_id: { type: "string", required: true, readOnly: true },
    seq: { type: "string", required: true, readOnly: true },
    id: { type: "string", required: true, readOnly: true },
    user_id: { type: "string", required: true, readOnly: true },
    customer_email: { type: "string", required: true, readOnly: true },
    requested_at: { type: "string", required: true, readOnly: true },
    /** The same confirmation sent twice finds this record instead of making another. */
    form_key: { type: "string", required: true, readOnly: true },
    scope: { type: ["whole", "lines"] as const, required: true, readOnly: true },
    /** What it did to the order: cancelled it (before shipping) or expects the goods back (after). */
    effect: { type: ["cancelled", "return_expected"] as const, required: true, readOnly: true },
    channel: { type: ["account", "guest"] as const, required: true, readOnly: true },
    order_status: { type: "string", required: true, readOnly: true },
    lines: {
      type: "list",
      required: true,
      readOnly: true,
      items: {
        type: "map",
        properties: {
          index: { type: "number", required: true },
          product_id: { type: "number", required: true },
          product_name: { type: "string", required: true },
          quantity: { type: "number", required: true },
        },
      },
    },
  },
  indexes: {
    byOrder: {
      pk: { field: "pk", composite: ["order_id"] },
      sk: { field: "sk", composite: ["seq"] },
    },
    all: everyItem("gsi2", "requested_at", "order_id"),
  },
});
export type WithdrawalEntity = EntityOf<typeof withdrawalSchema>;
export const withdrawalEntity = defineEntity(withdrawalSchema);
