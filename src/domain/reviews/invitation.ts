/**
 * The one e-mail inviting a customer to review what she received (docs/decisions/053-reviews.md): when it is due,
 * and where its opt-out leads. Nothing is offered in exchange for a review, and the mail says so.
 */
import { type ReviewedOrder, reviewEligibility } from "./review";

export * from "./opt-out";

/** Past this many days after the invitation's day, none goes: turning invitations on never mails old customers. */
export const INVITATION_WINDOW_DAYS = 30;
const DAY_MS = 86_400_000;

export const NOTHING_IN_EXCHANGE = "Aucune contrepartie n'est offerte en échange d'un avis.";

/** The delivery's date when the order may be reviewed, else null. */
export function deliveredAt(order: ReviewedOrder): string | null {
  const first = order.items[0];
  if (!first) return null;
  const eligibility = reviewEligibility(order, first.product_id);
  return eligibility.ok ? eligibility.experiencedAt : null;
}

/**
 * Whether the invitation is due now: the order delivered at least `days` days ago and at most `days` +
 * INVITATION_WINDOW_DAYS; never when `days` is 0 (invitations off).
 */
export function invitationDue(order: ReviewedOrder, now: Date, days: number): boolean {
  if (days <= 0) return false;
  const at = deliveredAt(order);
  if (!at) return false;
  const elapsed = now.getTime() - Date.parse(at);
  return elapsed >= days * DAY_MS && elapsed <= (days + INVITATION_WINDOW_DAYS) * DAY_MS;
}
