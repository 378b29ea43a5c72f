import { itemKey } from "../platform/db/entities/shapes";
import { defineEntity } from "../platform/db/entity";
import { type EntityOf, entitySchema } from "../platform/db/entity-schema";

/** Created on the condition that the day has none, so two runs send at most one e-mail a day. */
export const dailySummarySchema = entitySchema({
  model: { entity: "daily_summary", version: "1", service: "shop" },
  attributes: {
    day: { type: "string", required: true },
    claimed_at: { type: "string", required: true },
    /** "sending" while the run works; "sent", or "nothing" when there was nothing to do. */
    outcome: { type: ["sending", "sent", "nothing"] as const, required: true },
    items: { type: "number" },
    to: { type: "string" },
    sent_at: { type: "string" },
    expires_at_ttl: { type: "number", required: true },
  },
  indexes: {
    byDay: itemKey("day"),
  },
});
export type DailySummaryEntity = EntityOf<typeof dailySummarySchema>;
export const dailySummaryEntity = defineEntity(dailySummarySchema);
