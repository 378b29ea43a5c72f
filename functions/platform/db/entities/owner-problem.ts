import { type EntityOf, entitySchema } from "../entity-schema";

/**
 * Something that went wrong in the shop's machinery (issue 27; src/domain/admin/admin/owner-problems.ts): one item per kind and
 * subject, in one partition the to-do list reads whole (a handful of items at most). Written when an alarm goes to
 * ALARM or a local job fails, deleted when the alarm returns to OK or the job succeeds again.
 */
export const ownerProblemSchema = entitySchema({
  model: { entity: "owner_problem", version: "1", service: "shop" },
  attributes: {
    /**
     * src/domain/admin/admin/owner-problems.ts PROBLEM_KINDS; a string here, so the entity (in every function's bundle) does not
     * carry the problems' French texts. Unknown kinds are skipped when read.
     */
    kind: { type: "string", required: true },
    subject: { type: "string", required: true },
    /** When it started (the alarm's state change, or the first failure). */
    since: { type: "string", required: true },
    /** The latest report of it (an alarm notified again, a job failing again). */
    updated_at: { type: "string", required: true },
    /**
     * Where it was seen: a CloudWatch alarm on AWS, the local jobs runner under npm start, or the shop's own code when
     * it meets something only the owner can fix (a secret that does not open).
     */
    source: { type: ["alarm", "local", "shop"] as const, required: true },
    /** The technical reason, for whoever maintains the shop (the alarm's reason, the error's message). */
    detail: { type: "string" },
  },
  indexes: {
    byKind: {
      pk: { field: "pk", composite: [] },
      sk: { field: "sk", composite: ["kind", "subject"] },
    },
  },
});
export type OwnerProblemEntity = EntityOf<typeof ownerProblemSchema>;
