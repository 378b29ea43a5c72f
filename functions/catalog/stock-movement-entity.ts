import type { StockReason } from "../../src/domain/catalog/stock";
import { defineEntity } from "../platform/db/entity";
import { type EntityOf, entitySchema } from "../platform/db/entity-schema";

const STOCK_REASONS = [
  "sale",
  "release",
  "cancellation",
  "return",
  "adjustment",
] as const satisfies readonly StockReason[];

/** Written in the same transaction as the change, so a product's movements always add up to its stock. */
export const stockMovementSchema = entitySchema({
  model: { entity: "stock_movement", version: "1", service: "shop" },
  attributes: {
    product_id: { type: "number", required: true },
    id: { type: "string", required: true },
    at: { type: "string", required: true },
    delta: { type: "number", required: true },
    reason: { type: STOCK_REASONS, required: true },
    order_id: { type: "string" },
    /** The admin who adjusted the stock by hand, and the reason she gave ("Reçus du séchoir", "2 cassés"). */
    admin_id: { type: "string" },
    note: { type: "string" },
    stock_after: { type: "number" },
  },
  indexes: {
    byProduct: {
      pk: { field: "pk", composite: ["product_id"] },
      sk: { field: "sk", composite: ["at", "id"] },
    },
  },
});
export type StockMovementEntity = EntityOf<typeof stockMovementSchema>;
export const stockMovementEntity = defineEntity(stockMovementSchema);
