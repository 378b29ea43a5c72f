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
 * Whether the confirmation of an order just placed is mailed. A customer's always is: her e-mail is her account's.
 * A guest names any e-mail, so her confirmations count against it (rateLimits.guestConfirmationsPerEmail, per day
 * too): past the limit the order stands, and the link the confirmation screen shows is her way to it. The order is
 * already written, so a counter that cannot be read lets the mail go rather than fail the answer.
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
