import { itemKey } from "../platform/db/entities/shapes";
import { type EntityOf, entitySchema } from "../platform/db/entity-schema";

/**
 * An address the shop no longer mails (issue 27): SES reported a permanent bounce (the mailbox does not exist) or a
 * complaint (the recipient marked a mail as spam). Keyed by the normalized address; the mailer reads it before every
 * mail (functions/platform/adapters/mail.ts `suppressingMailer`), the admin's customer view shows it and the owner can lift it.
 * Personal data: the e-mail itself, so part of the customer's export and erasure (docs/decisions/017).
 */
export const mailSuppressionSchema = entitySchema({
  model: { entity: "mail_suppression", version: "1", service: "shop" },
  attributes: {
    /** Lower case, trimmed (functions/mail/suppressions.ts `normalizeEmail`). */
    email: { type: "string", required: true },
    reason: { type: ["bounce", "complaint"] as const, required: true },
    /** When SES saw it (the event's timestamp). */
    at: { type: "string", required: true },
    /** SES's words (bounce subtype, diagnostic), for whoever maintains the shop. */
    detail: { type: "string" },
  },
  indexes: {
    byEmail: itemKey("email"),
  },
});
export type MailSuppressionEntity = EntityOf<typeof mailSuppressionSchema>;
