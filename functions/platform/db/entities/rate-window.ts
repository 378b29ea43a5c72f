import { defineEntity } from "../entity";
import { type EntityOf, entitySchema } from "../entity-schema";

/**
 * One bucket of an abuse limit's sliding window (src/domain/rate-limit.ts). A scope and subject's buckets share a
 * partition sorted by start, read in one query; counting is one atomic ADD. The reads never depend on TTL.
 */
export const rateWindowSchema = entitySchema({
  model: { entity: "rate_window", version: "2", service: "shop" },
  attributes: {
    scope: { type: "string", required: true },
    subject: { type: "string", required: true },
    /** ISO instant the bucket starts at (fixed width, so the strings sort like the instants). */
    bucket_start: { type: "string", required: true },
    count: { type: "number", required: true },
    expires_at_ttl: { type: "number", required: true },
  },
  indexes: {
    bySubject: {
      pk: { field: "pk", composite: ["scope", "subject"] },
      sk: { field: "sk", composite: ["bucket_start"] },
    },
  },
});
export type RateWindowEntity = EntityOf<typeof rateWindowSchema>;
export const rateWindowEntity = defineEntity(rateWindowSchema);
