/**
 * What unpaid orders may hold. An order takes its units at once, and a bank transfer keeps them for the shop's
 * transfer delay (10 days by default) before the order is cancelled: one unpaid guest order for the whole stock would empty a
 * product for everyone, for nothing. A guest names herself (her e-mail is typed, not proven) and can type as many
 * e-mails as she likes, so her unpaid orders are counted twice: by the e-mail and by the delivery address, each
 * limited to UNPAID_UNITS_PER_PRODUCT units of one product at once. The counters live beside the stock
 * (functions/orders/unpaid-holds.ts) and are taken in the order's own transaction, each conditioned on the limit, so
 * parallel orders cannot pass it together; they are given back when the order is paid or released.
 *
 * Customers' orders are not counted here: an account is signed up (its own per-address limit) and the owner sees
 * and can reach it.
 */

import { normalizeEmail } from "../accounts/account-forms";
import { TRANSFER_FOLLOW_UP_LIMITS } from "../payments/transfer-follow-up";
import { deliveryPlaceKey } from "./delivery-place";
import { isGuestUserId } from "./guest";

/**
 * Units of one product that the unpaid orders of one e-mail, or sent to one address, may hold at once. A household
 * buys a few bars of a soap, ten for presents; a larger order is one the owner would rather hear of (the message
 * says to write), and once paid it no longer counts. A soap is stocked by the tens (the seeded catalogue: 50 to 120
 * bars): ten held unpaid leaves most of it on sale for other visitors.
 */
export const UNPAID_UNITS_PER_PRODUCT = 10;

/**
 * How long a counter is kept after its last order: longer than any unpaid order waits (a transfer is cancelled after
 * the owner's delay, 10 days by default and 60 at most; PayPal's hold, 30 minutes), so a counter does not expire
 * under an order that still holds units.
 */
export const UNPAID_HOLD_COUNTER_DAYS = TRANSFER_FOLLOW_UP_LIMITS.cancelMax + 7;

/** An order as the rule reads it. */
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

/**
 * The refusal, in words the shopper can act on: pay what is awaiting payment, order fewer, or write for a larger
 * order. It states the rule only: whether the units are held under this e-mail or this address, and by whom, is not
 * said (the address may be someone else's).
 */
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
