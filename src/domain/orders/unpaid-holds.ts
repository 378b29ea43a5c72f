/**
 * What unpaid orders may hold. A bank transfer keeps its units for days before the order is cancelled, so one unpaid
 * guest order for the whole stock would empty a product for everyone. A guest can type as many e-mails as she likes,
 * so her unpaid units are counted by e-mail and by delivery address, each limited per product; the counters are taken
 * in the order's own transaction, each conditioned on the limit, so parallel orders cannot pass it together.
 * Customers' orders are not counted: an account has its own sign-up limit and the owner can reach it.
 */

import { normalizeEmail } from "../accounts/account-forms";
import { isGuestUserId } from "../accounts/guest-account";
import { TRANSFER_FOLLOW_UP_LIMITS } from "../settings/settings-constants";
import { deliveryPlaceKey } from "./delivery-place";

/**
 * A household buys a few bars, ten for presents; a larger order is one the owner would rather hear of, and once paid
 * it no longer counts. Stocked by the tens, a soap stays mostly on sale.
 */
export const UNPAID_UNITS_PER_PRODUCT = 10;

/** Longer than any unpaid order waits, so a counter never expires under an order that still holds units. */
export const UNPAID_HOLD_COUNTER_DAYS = TRANSFER_FOLLOW_UP_LIMITS.cancelMax + 7;

export interface HoldingOrder {
  user_id: string;
  customer_email: string;
  shipping_address: Parameters<typeof deliveryPlaceKey>[0];
}

/** Under which subjects an order's unpaid units are counted: a guest's e-mail and address; none for a customer. */
export function unpaidHoldSubjects(order: HoldingOrder): string[] {
  if (!isGuestUserId(order.user_id)) return [];
  return [
    `email:${normalizeEmail(order.customer_email)}`,
    `place:${deliveryPlaceKey(order.shipping_address)}`,
  ];
}

/** The rule only: whether the units are held under this e-mail or this address is not said (it may be someone else's). */
export function unpaidHoldMessage(productName: string): string {
  return (
    `Les commandes non payées ne peuvent réserver plus de ${UNPAID_UNITS_PER_PRODUCT} « ${productName} » ` +
    "par adresse e-mail et par adresse de livraison. Réglez d'abord une commande en attente de paiement, ou " +
    "commandez-en moins. Pour une commande plus importante, écrivez-nous."
  );
}

/** Whether an order holds its units unpaid: placed, not paid, not released. */
export function holdsUnpaid(order: { status: string; payment_status: string; released_at?: string | null }) {
  return order.status === "pending" && order.payment_status === "pending" && !order.released_at;
}

/** Whether a line of an unpaid order holds most of a product: more than half of its units, these included. */
export function holdsMostOf(quantity: number, stockLeft: number): boolean {
  return quantity > Math.max(stockLeft, 0);
}
