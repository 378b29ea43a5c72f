/**
 * Addresses the shop no longer mails (issue 27): SES reported a permanent bounce or a complaint
 * (functions/mail/jobs/mail-feedback.ts records them), every mail first asks `isSuppressed` (functions/platform/adapters/mail.ts
 * `suppressingMailer`), the admin's customer view shows it and the owner can lift it. Personal data: exported and
 * erased with the customer's (functions/services/personal-data/). Why: docs/decisions/030-failures-reach-the-owner.md.
 */
import type { DataDeps } from "../platform/deps";

export type SuppressionReason = "bounce" | "complaint";

export interface MailSuppression {
  reason: SuppressionReason;
  /** When SES saw it (ISO 8601). */
  at: string;
}

/** Addresses are kept lower case and trimmed, as sign-up stores them (an SES report keeps the sender's case). */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * Records that an address is refused. A complaint outranks a bounce (it is the recipient's own word), so a bounce
 * never replaces a complaint; otherwise the newest report wins.
 */
export async function recordSuppression(
  deps: Pick<DataDeps, "db">,
  report: { email: string; reason: SuppressionReason; at: string; detail?: string },
): Promise<void> {
  const email = normalizeEmail(report.email);
  const existing = await getSuppression(deps, email);
  if (existing?.reason === "complaint" && report.reason === "bounce") return;
  await deps.db.entities.mailSuppression
    .put({
      email,
      reason: report.reason,
      at: report.at,
      ...(report.detail ? { detail: report.detail.slice(0, 500) } : {}),
    })
    .go();
}

export async function getSuppression(
  deps: Pick<DataDeps, "db">,
  email: string,
): Promise<MailSuppression | null> {
  const { data } = await deps.db.entities.mailSuppression.get({ email: normalizeEmail(email) }).go();
  return data ? { reason: data.reason, at: data.at } : null;
}

/** Whether mail to this address is to be skipped. */
export async function isSuppressed(deps: Pick<DataDeps, "db">, email: string): Promise<boolean> {
  return (await getSuppression(deps, email)) !== null;
}

/** The owner lifts it (the customer fixed her mailbox, or asked to hear from the shop again). */
export async function liftSuppression(deps: Pick<DataDeps, "db">, email: string): Promise<void> {
  await deps.db.entities.mailSuppression.delete({ email: normalizeEmail(email) }).go();
}

/**
 * SES's event, as event publishing sends it through SNS (AWS, SES developer guide, "Contents of event data that
 * Amazon SES publishes to Amazon SNS"): `eventType` "Bounce" or "Complaint" (an identity's feedback notification says
 * `notificationType` instead; both are read). Only what is read here.
 */
export interface SesFeedbackEvent {
  eventType?: string;
  notificationType?: string;
  bounce?: {
    bounceType?: string;
    bounceSubType?: string;
    timestamp?: string;
    bouncedRecipients?: { emailAddress?: string; diagnosticCode?: string }[];
  };
  complaint?: {
    timestamp?: string;
    complaintFeedbackType?: string;
    complainedRecipients?: { emailAddress?: string }[];
  };
}

/**
 * The addresses an SES event refuses: every recipient of a permanent bounce (the mailbox does not exist, or SES's
 * suppression list refused it) or of a complaint. A transient bounce (a full mailbox, a server down) refuses
 * nothing: SES retried it already and the next mail may well arrive.
 */
export function refusedAddresses(
  event: SesFeedbackEvent,
): { email: string; reason: SuppressionReason; at: string; detail?: string }[] {
  const type = event.eventType ?? event.notificationType;
  if (type === "Bounce" && event.bounce?.bounceType === "Permanent") {
    const at = event.bounce.timestamp ?? new Date().toISOString();
    return (event.bounce.bouncedRecipients ?? [])
      .filter(
        (recipient) => typeof recipient.emailAddress === "string" && recipient.emailAddress.includes("@"),
      )
      .map((recipient) => ({
        email: normalizeEmail(recipient.emailAddress as string),
        reason: "bounce" as const,
        at,
        detail: [event.bounce?.bounceSubType, recipient.diagnosticCode].filter(Boolean).join(" — "),
      }));
  }
  if (type === "Complaint") {
    const at = event.complaint?.timestamp ?? new Date().toISOString();
    return (event.complaint?.complainedRecipients ?? [])
      .filter(
        (recipient) => typeof recipient.emailAddress === "string" && recipient.emailAddress.includes("@"),
      )
      .map((recipient) => ({
        email: normalizeEmail(recipient.emailAddress as string),
        reason: "complaint" as const,
        at,
        ...(event.complaint?.complaintFeedbackType ? { detail: event.complaint.complaintFeedbackType } : {}),
      }));
  }
  return [];
}
