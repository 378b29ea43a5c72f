/**
 * Ordering without an account: the rules a guest order follows, zod-free so the islands use them too.
 * - A guest order's `user_id` is `guest:<normalised e-mail>`, so the customer index lists a person's guest orders
 *   together and PayPal's earlier holds are kept per e-mail as per account.
 * - A guest reaches the order by a link carrying a random token in the URL's fragment, so that it never reaches a
 *   server log or a Referer; the order keeps only each token's SHA-256. A link closes when the order's warranty of
 *   conformity ends (Code de la consommation L217-3, L217-7), or when the owner revokes it.
 */
import { normalizeEmail } from "../accounts/account-forms";
import { GUEST_USER_PREFIX, isGuestUserId } from "../accounts/guest-account";
import { deliveryPlaceKey } from "./delivery-place";

/**
 * Whose Idempotency-Keys a request is judged among: an account's own, or every guest's together. A guest names
 * herself, so her key is not kept per e-mail: the same key with another e-mail must meet the first request and be
 * refused as another one (422), not place a second order.
 */
export function idempotencyScope(userId: string): string {
  return isGuestUserId(userId) ? GUEST_USER_PREFIX : userId;
}

export function isGuestOrder(order: { user_id: string }): boolean {
  return isGuestUserId(order.user_id);
}

export const GUEST_TOKEN_HEADER = "x-order-token";

export const GUEST_LINK_PARAMETER = "acces";

/** A token as minted: 32 random bytes, base64url (43 characters). */
export const GUEST_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** The guest's tracking page for one order, its token in the fragment (absolute when `siteUrl` is given). */
export function guestTrackingPath(orderId: string, token: string): string {
  return `/orders/track/${encodeURIComponent(orderId)}#${GUEST_LINK_PARAMETER}=${token}`;
}

/** The withdrawal form on one order for a guest (the form reads the order with the token and fills itself). */
export function guestWithdrawalPath(orderId: string, token: string): string {
  return `/retractation?commande=${encodeURIComponent(orderId)}#${GUEST_LINK_PARAMETER}=${token}`;
}

/**
 * What a location's fragment says of a guest link: its token when well formed, "invalid" when it names one that
 * cannot be (a truncated copy), null when it names none.
 */
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

/** How long a guest link stays open once the order is delivered or cancelled: the warranty of conformity. */
export const GUEST_LINK_YEARS = 2;

/**
 * When the order's guest links close: two years after the order was delivered or cancelled (its last such move);
 * null while it is on its way (pending, confirmed, shipped), when the links stay open.
 */
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

/**
 * What a link of an order, found beside it, does at `now`: "open" opens a guest order while its warranty runs;
 * "in_account" tells the holder to sign in, once the order joined its owner's account (her mails still lead to it);
 * "closed" opens nothing, past the warranty or once the account was erased (its orders name nobody).
 */
export function guestLinkReach(
  order: Parameters<typeof guestLinkClosesAt>[0] & { user_id: string; customer_email: string },
  now: Date,
): "open" | "in_account" | "closed" {
  if (!guestLinkOpen(order, now)) return "closed";
  if (isGuestOrder(order)) return "open";
  return order.customer_email ? "in_account" : "closed";
}

/** A customer's promo uses count under her account's e-mail, proven by her session. */
export function promoUseSubject(email: string): string {
  return `email:${normalizeEmail(email)}`;
}

/**
 * A guest's promo uses count under her e-mail together with the place her parcel goes: her e-mail is typed, not
 * proven, and counted alone anyone typing it would use up her day's allowance and learn whether she used it today.
 */
export function guestPromoUseSubject(email: string, address: Parameters<typeof deliveryPlaceKey>[0]): string {
  return `guest:${normalizeEmail(email)}#${deliveryPlaceKey(address)}`;
}

export function promoUseSubjectOf(
  user: { id: string; email: string },
  address: Parameters<typeof deliveryPlaceKey>[0],
): string {
  return isGuestUserId(user.id) ? guestPromoUseSubject(user.email, address) : promoUseSubject(user.email);
}
