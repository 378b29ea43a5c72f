/**
 * Chasing a bank transfer that does not come: one reminder after N days, the order cancelled after M days.
 * The owner sets N and M (the « Virement : relance et annulation » setting); the job
 * functions/main/jobs/transfer-follow-up.ts applies these rules every hour. Zod-free, so the admin island can use it.
 */
import { parisDay, parisDaysBetween } from "../paris-time";
import type { TransferFollowUpSetting } from "../settings/settings-constants";

export type TransferFollowUpStep = "remind" | "cancel" | null;

/**
 * What an unpaid bank-transfer order needs now.
 *
 * "After N days" counts Paris calendar days, not 24-hour periods: an order placed on 1 March (any time that day,
 * Paris time) is reminded from 6 March 00:00 Paris time with N = 5, and cancelled from 11 March 00:00 with
 * M = 10. So every order of a day is chased on the same day, whatever its hour, and the customer had at least N
 * full days: a transfer ordered late on the 1st had the 2nd to the 5th. The hour of the order does not matter, nor
 * the change of clock (the last Sunday of March and of October).
 *
 * Cancelling wins once M days have passed, with or without a reminder (the job did not run, or M was lowered);
 * a reminder is sent once (`transfer_reminded_at` set), never on the cancellation's day or after.
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

/** The Paris day (« 2026-03-11 ») from which an order placed at `createdAt` is cancelled: shown in the reminder. */
export function cancellationDay(createdAt: string, setting: TransferFollowUpSetting): Date {
  const [year, month, date] = parisDay(new Date(createdAt)).split("-").map(Number) as [
    number,
    number,
    number,
  ];
  // Noon UTC of that day is inside the same Paris day in every season: safe to format in Paris time.
  return new Date(Date.UTC(year, month - 1, date + setting.cancel_after_days, 12));
}
