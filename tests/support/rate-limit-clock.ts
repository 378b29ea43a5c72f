import { bucketLength, bucketOf, bucketStart, type RateLimitRule } from "../../src/domain/rate-limit";

/**
 * The middle of the current bucket of a limit (src/domain/rate-limit.ts). A limit promises at most `max` judged
 * attempts whatever the parallelism, and exactly `max` only when the attempts fall in one bucket: parallel attempts
 * straddling a bucket's end may each see the other bucket's counts and be refused on both sides, which errs on the
 * safe side. A test that counts parallel attempts exactly pins its clock here (CI failed on a minute's end, 005e8c7).
 */
export function middleOfBucket(rule: RateLimitRule, nowMs = Date.now()): Date {
  return new Date(bucketStart(rule, bucketOf(rule, nowMs)) + bucketLength(rule) / 2);
}
