/**
 * Guest orders' rules, zod-free so the islands use them too. A guest link's token rides in the URL's fragment, never
 * in a log nor a Referer; it closes when the warranty of conformity ends (Code de la consommation L217-3, L217-7).
 */
import { normalizeEmail } from "../accounts/account-forms";
import { GUEST_USER_PREFIX, isGuestUserId } from "../accounts/guest-account";
import { deliveryPlaceKey } from "./delivery-place";

/** Every guest together: the same key with another e-mail must be refused (422), not place a second order. */
export function idempotencyScope(userId: string): string {
  return isGuestUserId(userId) ? GUEST_USER_PREFIX : userId;
}

export function isGuestOrder(order: { user_id: string }): boolean {
  return isGuestUserId(order.user_id);
}

export const GUEST_TOKEN_HEADER = "x-order-token";

export const GUEST_LINK_PARAMETER = "acces";

export const GUEST_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function guestTrackingPath(orderId: string, token: string): string {
  return `/orders/track/${encodeURIComponent(orderId)}#${GUEST_LINK_PARAMETER}=${token}`;
}

export function guestWithdrawalPath(orderId: string, token: string): string {
  return `/retractation?commande=${encodeURIComponent(orderId)}#${GUEST_LINK_PARAMETER}=${token}`;
}

/** "invalid" for a token that cannot be one (a truncated copy), null when the fragment names none. */
export function guestLinkInHash(hash: string): string | "invalid" | null {
  const parameters = new URLSearchParams(hash.replace(/^#/, ""));
  if (!parameters.has(GUEST_LINK_PARAMETER)) return null;
  const token = parameters.get(GUEST_LINK_PARAMETER) ?? "";
  return GUEST_TOKEN_PATTERN.test(token) ? token : "invalid";
}

export function guestTokenFromHash(hash: string): string | null {
  const token = guestLinkInHash(hash);
  return token === "invalid" ? null : token;
}

/** The warranty of conformity. */
export const GUEST_LINK_YEARS = 2;

/** Two years after delivery or cancellation; null while the order is on its way. */
export function guestLinkClosesAt(order: {
  status: string;
  status_history: readonly { status: string; at: string }[];
}): Date | null {
  if (order.status !== "delivered" && order.status !== "cancelled") return null;
  const ended = [...order.status_history].reverse().find((entry) => entry.status === order.status);
  if (!ended) return null;
  const closes = new Date(ended.at);
  closes.setUTCFullYear(closes.getUTCFullYear() + GUEST_LINK_YEARS);
  return closes;
}

export function guestLinkOpen(order: Parameters<typeof guestLinkClosesAt>[0], now: Date): boolean {
  const closes = guestLinkClosesAt(order);
  return closes === null || now.getTime() < closes.getTime();
}

/** "in_account" once the order joined its owner's account; "closed" past the warranty or after the account's erasure. */
export function guestLinkReach(
  order: Parameters<typeof guestLinkClosesAt>[0] & { user_id: string; customer_email: string },
  now: Date,
): "open" | "in_account" | "closed" {
  if (!guestLinkOpen(order, now)) return "closed";
  if (isGuestOrder(order)) return "open";
  return order.customer_email ? "in_account" : "closed";
}

export function promoUseSubject(email: string): string {
  return `email:${normalizeEmail(email)}`;
}

/** With the parcel's place: her e-mail is typed, not proven, and alone would let anyone use up her allowance. */
export function guestPromoUseSubject(email: string, address: Parameters<typeof deliveryPlaceKey>[0]): string {
  return `guest:${normalizeEmail(email)}#${deliveryPlaceKey(address)}`;
}

export function promoUseSubjectOf(
  user: { id: string; email: string },
  address: Parameters<typeof deliveryPlaceKey>[0],
): string {
  return isGuestUserId(user.id) ? guestPromoUseSubject(user.email, address) : promoUseSubject(user.email);
}
