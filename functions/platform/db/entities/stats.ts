import { defineEntity } from "../entity";
import { type EntityOf, entitySchema } from "../entity-schema";
import { itemKey } from "./shapes";

/**
 * Dashboard counters, changed with ADD in the same transaction as the write they count (orders, payments,
 * status changes, sign-ups). `scope` is "all", or "month-YYYY-MM" for the orders placed in a Paris month.
 */
export const statsSchema = entitySchema({
  model: { entity: "stats", version: "1", service: "shop" },
  attributes: {
    scope: { type: "string", required: true },
    users: { type: "number" },
    orders: { type: "number" },
    pending_orders: { type: "number" },
    delivered_orders: { type: "number" },
    paid_orders: { type: "number" },
    revenue_cents: { type: "number" },
  },
  indexes: {
    byScope: itemKey("scope"),
  },
});
export type StatsEntity = EntityOf<typeof statsSchema>;
export const statsEntity = defineEntity(statsSchema);
