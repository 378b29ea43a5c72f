/**
 * « Créer mon compte » after a guest order, and attaching past guest orders (server: functions/orders/guest/account/).
 * Zod-free: the islands use it too. Guest orders move to the account only once the e-mail is proven by a mailed link,
 * its token in the URL's fragment so it never reaches a log or a Referer; only its SHA-256 is kept, and it serves once.
 */
import type { RateLimitRule } from "../rate-limit";
import { normalizeEmail, PASSWORD_MIN_LENGTH } from "./account-forms";

/** Never an account's id. */
export const GUEST_USER_PREFIX = "guest:";

export function guestUserId(email: string): string {
  return `${GUEST_USER_PREFIX}${normalizeEmail(email)}`;
}

export function isGuestUserId(userId: string): boolean {
  return userId.startsWith(GUEST_USER_PREFIX);
}

export const GUEST_ATTACH_LINK_HOURS = 24;

export const GUEST_ATTACH_PAGE = "/retrouver-mes-commandes";

export const GUEST_ATTACH_LINK_PARAMETER = "jeton";

/** 32 random bytes, base64url. */
export const GUEST_ATTACH_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function guestAttachPath(token: string): string {
  return `${GUEST_ATTACH_PAGE}#${GUEST_ATTACH_LINK_PARAMETER}=${token}`;
}

export function guestAttachTokenFromHash(hash: string): string | null {
  const token = new URLSearchParams(hash.replace(/^#/, "")).get(GUEST_ATTACH_LINK_PARAMETER);
  return token && GUEST_ATTACH_TOKEN_PATTERN.test(token) ? token : null;
}

export const GUEST_ATTACH_LINK_INVALID = "Ce lien n'est plus valable : demandez-en un nouveau.";

export const GUEST_ATTACH_OTHER_ACCOUNT =
  "Ce lien a été envoyé pour un autre compte : connectez-vous avec l'adresse e-mail qui l'a reçu, puis suivez-le à nouveau.";

export const GUEST_ACCOUNT_CREATED =
  "Votre compte est créé. Nous vous avons envoyé un e-mail pour y rattacher vos commandes.";

export const GUEST_ACCOUNT_PASSWORD_HINT = `Au moins ${PASSWORD_MIN_LENGTH} caractères. Votre adresse e-mail et votre nom seront ceux de la commande.`;

/** The API checks again; null when fine. */
export function guestAccountPasswordError(password: string): string | null {
  if (!password) return "Choisissez un mot de passe.";
  if (password.length < PASSWORD_MIN_LENGTH)
    return `Le mot de passe doit contenir au moins ${PASSWORD_MIN_LENGTH} caractères.`;
  return null;
}

/** The server mailed the attach link. */
export const GUEST_ACCOUNT_TAKEN_NEXT =
  "Nous venons de vous envoyer un e-mail : connectez-vous à votre compte, puis suivez son lien pour y retrouver vos commandes passées sans compte.";

export function attachedMessage(attached: number): string {
  if (attached === 0)
    return "Aucune commande sans compte n'attendait sous cette adresse : elles sont peut-être déjà dans votre compte.";
  return attached === 1
    ? "1 commande ajoutée à votre compte."
    : `${attached} commandes ajoutées à votre compte.`;
}

export interface AttachLinkRecord {
  user_id: string;
  email: string;
  expires_at: string;
  used_at?: string;
}

/** Also refused for an e-mail no longer the account's: the orders are the e-mail's, not the account's. */
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

export function attachLinkExpiry(now: Date): Date {
  return new Date(now.getTime() + GUEST_ATTACH_LINK_HOURS * 3_600_000);
}

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

/** A DynamoDB transaction holds at most 100 items: 99 orders, and the link's consumption in the first. */
export const ATTACH_ORDERS_PER_TRANSACTION = 99;

export function chunked<T>(items: readonly T[], size: number): T[][] {
  const chunks: T[][] = [];
  for (let start = 0; start < items.length; start += size) chunks.push(items.slice(start, start + size));
  return chunks;
}

export const guestAccountLimits = {
  /** Silently: the answers stay the same. */
  attachMailsPerEmail: { max: 3, windowMinutes: 60 },
} as const satisfies Record<string, RateLimitRule>;
