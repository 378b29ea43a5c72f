import { itemKey } from "../platform/db/entities/shapes";
import { defineEntity } from "../platform/db/entity";
import { type EntityOf, entitySchema } from "../platform/db/entity-schema";

/**
 * An address SES reported as a permanent bounce or a complaint. Personal data: part of the customer's export and
 * erasure.
 */
export const mailSuppressionSchema = entitySchema({
  model: { entity: "mail_suppression", version: "1", service: "shop" },
  attributes: {
    email: { type: "string", required: true },
    reason: { type: ["bounce", "complaint"] as const, required: true },
    at: { type: "string", required: true },
    detail: { type: "string" },
  },
  indexes: {
    byEmail: itemKey("email"),
  },
});
export type MailSuppressionEntity = EntityOf<typeof mailSuppressionSchema>;
export const mailSuppressionEntity = defineEntity(mailSuppressionSchema);
