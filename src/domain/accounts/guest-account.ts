/**
 * « Créer mon compte » after an order placed without an account, and the attachment of past guest orders.
 * Zod-free: the islands (src/islands/orders/GuestAccountOffer.tsx, src/islands/accounts/AttachGuestOrders.tsx) use it
 * too. The server's part: functions/orders/guest/account/.
 *
 * - The account needs only a password: the e-mail and the name are the order's, the order's link (X-Order-Token)
 *   says the caller placed it. Typing an address proves nothing, so the account gets none of the orders yet.
 * - The guest orders placed under that e-mail (`user_id` "guest:<e-mail>") move to the account only once the e-mail is
 *   proven: by a link mailed to it, whose token (32 random bytes, base64url) rides in the URL's fragment
 *   (`/retrouver-mes-commandes#jeton=<token>`), never sent to a server, so never in a log nor a Referer. Only its
 *   SHA-256 is kept, bound to the account and the e-mail, for GUEST_ATTACH_LINK_HOURS, and it serves once.
 */
import type { RateLimitRule } from "../rate-limit";
import { normalizeEmail, PASSWORD_MIN_LENGTH } from "./account-forms";

/** A guest's `user_id`: `guest:<normalised e-mail>`, never an account's id. */
export const GUEST_USER_PREFIX = "guest:";

export function guestUserId(email: string): string {
  return `${GUEST_USER_PREFIX}${normalizeEmail(email)}`;
}

export function isGuestUserId(userId: string): boolean {
  return userId.startsWith(GUEST_USER_PREFIX);
}

/** How long a mailed attach link works. */
export const GUEST_ATTACH_LINK_HOURS = 24;

export const GUEST_ATTACH_PAGE = "/retrouver-mes-commandes";

export const GUEST_ATTACH_LINK_PARAMETER = "jeton";

/** A token as minted: 32 random bytes, base64url (43 characters). */
export const GUEST_ATTACH_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** The attach link's path, its token in the fragment (prefix the site's origin for a mail). */
export function guestAttachPath(token: string): string {
  return `${GUEST_ATTACH_PAGE}#${GUEST_ATTACH_LINK_PARAMETER}=${token}`;
}

/** The token of an attach link, read from a location's fragment (`#jeton=...`), or null. */
export function guestAttachTokenFromHash(hash: string): string | null {
  const token = new URLSearchParams(hash.replace(/^#/, "")).get(GUEST_ATTACH_LINK_PARAMETER);
  return token && GUEST_ATTACH_TOKEN_PATTERN.test(token) ? token : null;
}

/** The refusal of a link unknown, expired, already used, or whose e-mail is no longer the account's. */
export const GUEST_ATTACH_LINK_INVALID = "Ce lien n'est plus valable : demandez-en un nouveau.";

/** The refusal of a link sent for another account than the one signed in. */
export const GUEST_ATTACH_OTHER_ACCOUNT =
  "Ce lien a été envoyé pour un autre compte : connectez-vous avec l'adresse e-mail qui l'a reçu, puis suivez-le à nouveau.";

export const GUEST_ACCOUNT_CREATED =
  "Votre compte est créé. Nous vous avons envoyé un e-mail pour y rattacher vos commandes.";

/** The password rules' hint under the field (passwordSchema, src/domain/accounts/account.ts). */
export const GUEST_ACCOUNT_PASSWORD_HINT = `Au moins ${PASSWORD_MIN_LENGTH} caractères. Votre adresse e-mail et votre nom seront ceux de la commande.`;

/** The password checked in the browser before « Créer mon compte » is sent (the API checks again); null when fine. */
export function guestAccountPasswordError(password: string): string | null {
  if (!password) return "Choisissez un mot de passe.";
  if (password.length < PASSWORD_MIN_LENGTH)
    return `Le mot de passe doit contenir au moins ${PASSWORD_MIN_LENGTH} caractères.`;
  return null;
}

/** What « Créer mon compte » says when the e-mail already has an account (the server mailed the attach link). */
export const GUEST_ACCOUNT_TAKEN_NEXT =
  "Nous venons de vous envoyer un e-mail : connectez-vous à votre compte, puis suivez son lien pour y retrouver vos commandes passées sans compte.";

/** What the attach page says once the link served. */
export function attachedMessage(attached: number): string {
  if (attached === 0)
    return "Aucune commande sans compte n'attendait sous cette adresse : elles sont peut-être déjà dans votre compte.";
  return attached === 1
    ? "1 commande ajoutée à votre compte."
    : `${attached} commandes ajoutées à votre compte.`;
}

/** A stored attach link as judged (functions/orders/guest/account/attach-token-entity.ts). */
export interface AttachLinkRecord {
  user_id: string;
  email: string;
  expires_at: string;
  used_at?: string;
}

/**
 * Why a link cannot attach for this account now, or null when it can: unknown, used or expired; issued for another
 * account; or issued for an e-mail that is no longer the account's (the orders are the e-mail's, not the account's).
 */
export function attachLinkRefusal(
  link: AttachLinkRecord | null | undefined,
  account: { id: string; email: string },
  now: Date,
): string | null {
  if (!link || link.used_at || Date.parse(link.expires_at) <= now.getTime()) return GUEST_ATTACH_LINK_INVALID;
  if (link.user_id !== account.id) return GUEST_ATTACH_OTHER_ACCOUNT;
  if (link.email !== account.email) return GUEST_ATTACH_LINK_INVALID;
  return null;
}

/** When a link minted at `now` stops working. */
export function attachLinkExpiry(now: Date): Date {
  return new Date(now.getTime() + GUEST_ATTACH_LINK_HOURS * 3_600_000);
}

/**
 * The name the new account takes from the order: the name the order was placed under, else the delivery address's.
 */
export function guestAccountName(order: {
  customer_name?: string | null;
  shipping_address?: { first_name?: string | null; last_name?: string | null } | null;
}): string {
  const named = order.customer_name?.trim();
  if (named) return named;
  const address = order.shipping_address;
  return [address?.first_name, address?.last_name]
    .map((part) => part?.trim() ?? "")
    .filter(Boolean)
    .join(" ");
}

/** Orders moved per DynamoDB transaction (at most 100 items: 99 orders, and the link's consumption in the first). */
export const ATTACH_ORDERS_PER_TRANSACTION = 99;

/** `items` cut in runs of at most `size`, in order (none for none). */
export function chunked<T>(items: readonly T[], size: number): T[][] {
  const chunks: T[][] = [];
  for (let start = 0; start < items.length; start += size) chunks.push(items.slice(start, start + size));
  return chunks;
}

/** The limits of this feature (src/domain/rate-limit.ts keeps the shop's others; same arithmetic). */
export const guestAccountLimits = {
  /** Attach links mailed, per e-mail (silently: the answers stay the same), as rateLimits.resetMailsPerEmail. */
  attachMailsPerEmail: { max: 3, windowMinutes: 60 },
} as const satisfies Record<string, RateLimitRule>;
