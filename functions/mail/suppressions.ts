/** Why: docs/decisions/030-failures-reach-the-owner.md. */
import type { DataDeps } from "../platform/deps";
import { mailSuppressionEntity } from "./suppression-entity";

export type SuppressionReason = "bounce" | "complaint";

export interface MailSuppression {
  reason: SuppressionReason;
  at: string;
}

/** As sign-up stores them: an SES report keeps the sender's case. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** A complaint outranks a bounce (it is the recipient's own word); otherwise the newest report wins. */
export async function recordSuppression(
  deps: Pick<DataDeps, "db">,
  report: { email: string; reason: SuppressionReason; at: string; detail?: string },
): Promise<void> {
  const email = normalizeEmail(report.email);
  const existing = await getSuppression(deps, email);
  if (existing?.reason === "complaint" && report.reason === "bounce") return;
  await mailSuppressionEntity(deps.db)
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
  const { data } = await mailSuppressionEntity(deps.db)
    .get({ email: normalizeEmail(email) })
    .go();
  return data ? { reason: data.reason, at: data.at } : null;
}

export async function isSuppressed(deps: Pick<DataDeps, "db">, email: string): Promise<boolean> {
  return (await getSuppression(deps, email)) !== null;
}

export async function liftSuppression(deps: Pick<DataDeps, "db">, email: string): Promise<void> {
  await mailSuppressionEntity(deps.db)
    .delete({ email: normalizeEmail(email) })
    .go();
}

/**
 * SES's event through SNS (SES developer guide, "Contents of event data that Amazon SES publishes to Amazon SNS"):
 * an identity's feedback notification says `notificationType` instead of `eventType`; both are read.
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

/** A transient bounce (a full mailbox) refuses nothing: SES retried it already and the next mail may well arrive. */
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
