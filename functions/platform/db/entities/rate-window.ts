import { type EntityOf, entitySchema } from "../entity-schema";

/**
 * One bucket of an abuse limit's sliding window (src/domain/rate-limit.ts): how many attempts `subject` (an e-mail,
 * a client address, a user id) made under `scope` (what is counted) in the bucket starting at `bucket_start`.
 * The buckets of one scope and subject share a partition, sorted by start, so an attempt reads the buckets around
 * its own in one query. Counting is one atomic ADD on a key known in advance. TTL removes old buckets; the reads
 * never depend on it (they only look at the buckets around the attempt's own).
 *
 * Version 2: version 1 kept one fixed window per item, keyed by its start in the partition key.
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
