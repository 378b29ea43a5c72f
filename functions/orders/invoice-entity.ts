import { itemKey } from "../platform/db/entities/shapes";
import { defineEntity } from "../platform/db/entity";
import { type EntityOf, entitySchema } from "../platform/db/entity-schema";

/** `snapshot` is frozen at issue: two downloads are identical and later edits elsewhere change nothing. */
export const invoiceSchema = entitySchema({
  model: { entity: "invoice", version: "1", service: "shop" },
  attributes: {
    number: { type: "string", required: true },
    kind: { type: ["invoice", "credit_note"] as const, required: true },
    order_id: { type: "string", required: true },
    user_id: { type: "string", required: true },
    issued_at: { type: "string", required: true },
    snapshot: { type: "string", required: true },
  },
  indexes: {
    byNumber: itemKey("number"),
  },
});
export type InvoiceEntity = EntityOf<typeof invoiceSchema>;
export const invoiceEntity = defineEntity(invoiceSchema);
