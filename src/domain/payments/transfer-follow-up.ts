/**
 * Chasing a bank transfer: a reminder after N days, cancellation after M (functions/main/jobs/transfer-follow-up.ts).
 * Zod-free, so the admin island can use it.
 */
import { parisDay, parisDaysBetween } from "../paris-time";
import type { TransferFollowUpSetting } from "../settings/settings-constants";

export type TransferFollowUpStep = "remind" | "cancel" | null;

/**
 * Counts Paris calendar days, so every order of a day is chased the same day and the customer had N full days.
 * Cancelling wins once M days have passed; a reminder is sent once, never on the cancellation's day or after.
 */
export function transferFollowUp(
  order: { created_at: string; transfer_reminded_at?: string | null },
  now: Date,
  setting: TransferFollowUpSetting,
): TransferFollowUpStep {
  const elapsed = parisDaysBetween(new Date(order.created_at), now);
  if (elapsed >= setting.cancel_after_days) return "cancel";
  if (elapsed >= setting.remind_after_days && !order.transfer_reminded_at) return "remind";
  return null;
}

/** Shown in the reminder. */
export function cancellationDay(createdAt: string, setting: TransferFollowUpSetting): Date {
  const [year, month, date] = parisDay(new Date(createdAt)).split("-").map(Number) as [
    number,
    number,
    number,
  ];
  // Noon UTC of that day is inside the same Paris day in every season: safe to format in Paris time.
  return new Date(Date.UTC(year, month - 1, date + setting.cancel_after_days, 12));
}
