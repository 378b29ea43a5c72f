import { isGuestOrder } from "../../../src/domain/orders/guest";
import { rateLimits } from "../../../src/domain/rate-limit";
import type { DataDeps } from "../../platform/deps";
import { countAttempt, type Limit } from "../../platform/throttle";
import type { OrderRecord } from "../service";
import { GUEST_CONFIRMATION_SCOPES } from "./confirmation-scopes";

function limits(email: string): Limit[] {
  const [hour, day] = GUEST_CONFIRMATION_SCOPES;
  return [
    { scope: hour, subject: email, rule: rateLimits.guestConfirmationsPerEmail },
    { scope: day, subject: email, rule: rateLimits.guestConfirmationsPerEmailPerDay },
  ];
}

/**
 * A guest names any e-mail, so her confirmations count against it; past the limit the order stands and the
 * confirmation screen's link is her way to it. The order is written already: a counter that cannot be read lets
 * the mail go.
 */
export async function mayMailConfirmation(
  deps: DataDeps,
  order: Pick<OrderRecord, "id" | "user_id" | "customer_email">,
): Promise<boolean> {
  if (!isGuestOrder(order) || !order.customer_email) return true;
  try {
    return (await countAttempt(deps, limits(order.customer_email))).allowed;
  } catch (error) {
    console.error(`Order ${order.id}: the confirmations to its e-mail could not be counted; mailed`, error);
    return true;
  }
}
