import { defineEntity } from "../entity";
import { type EntityOf, entitySchema } from "../entity-schema";

/**
 * Something only the owner can fix (src/domain/admin/admin/owner-problems.ts): one item per kind and subject, in one
 * small partition. Written when an alarm fires or a local job fails, deleted when it recovers.
 */
export const ownerProblemSchema = entitySchema({
  model: { entity: "owner_problem", version: "1", service: "shop" },
  attributes: {
    /** A string, so every function's bundle does not carry the problems' French texts. Unknown kinds are skipped. */
    kind: { type: "string", required: true },
    subject: { type: "string", required: true },
    since: { type: "string", required: true },
    updated_at: { type: "string", required: true },
    source: { type: ["alarm", "local", "shop"] as const, required: true },
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
export const ownerProblemEntity = defineEntity(ownerProblemSchema);
