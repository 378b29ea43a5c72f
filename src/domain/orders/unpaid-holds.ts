/**
 * What unpaid guest orders may hold: a transfer keeps its units for days, and a guest can type any e-mail, so units
 * are counted per e-mail and per delivery address, conditioned in the order's own transaction so parallel orders
 * cannot pass the limit together. Customers are not counted: an account has its own sign-up limit.
 */

import { normalizeEmail } from "../accounts/account-forms";
import { isGuestUserId } from "../accounts/guest-account";
import { TRANSFER_FOLLOW_UP_LIMITS } from "../settings/settings-constants";
import { deliveryPlaceKey } from "./delivery-place";

/** A household buys ten for presents at most; the owner would rather hear of more, and a paid order no longer counts. */
export const UNPAID_UNITS_PER_PRODUCT = 10;

/** A counter never expires under an order that still holds units. */
export const UNPAID_HOLD_COUNTER_DAYS = TRANSFER_FOLLOW_UP_LIMITS.cancelMax + 7;

export interface HoldingOrder {
  user_id: string;
  customer_email: string;
  shipping_address: Parameters<typeof deliveryPlaceKey>[0];
}

export function unpaidHoldSubjects(order: HoldingOrder): string[] {
  if (!isGuestUserId(order.user_id)) return [];
  return [
    `email:${normalizeEmail(order.customer_email)}`,
    `place:${deliveryPlaceKey(order.shipping_address)}`,
  ];
}

/** The held units may be someone else's: their e-mail or address is not said. */
export function unpaidHoldMessage(productName: string): string {
  return (
    `Les commandes non payées ne peuvent réserver plus de ${UNPAID_UNITS_PER_PRODUCT} « ${productName} » ` +
    "par adresse e-mail et par adresse de livraison. Réglez d'abord une commande en attente de paiement, ou " +
    "commandez-en moins. Pour une commande plus importante, écrivez-nous."
  );
}

export function holdsUnpaid(order: { status: string; payment_status: string; released_at?: string | null }) {
  return order.status === "pending" && order.payment_status === "pending" && !order.released_at;
}

/** More than half of its units, these included. */
export function holdsMostOf(quantity: number, stockLeft: number): boolean {
  return quantity > Math.max(stockLeft, 0);
}
