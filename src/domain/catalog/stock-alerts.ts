/** Stock alerts and the waitlist (docs/decisions/026); no zod: the product page's script imports the texts. */

/**
 * What an order's transaction assumes about one line, so it knows without another read whether its sale may cross
 * the low-stock threshold: "above" and "alerted" are conditions (a change meanwhile fails as "stale"); "check" is
 * decided after the transaction by one conditional write on the product.
 */
export type SaleWatch = { mode: "above"; stockAbove: number } | { mode: "alerted" } | { mode: "check" };

export function saleWatch(
  product: { stock: number; low_stock_threshold: number; low_stock_alerted_at?: string | null },
  quantity: number,
  firstAttempt: boolean,
): SaleWatch {
  if (!firstAttempt) return { mode: "check" };
  if (product.stock - quantity > product.low_stock_threshold)
    return { mode: "above", stockAbove: product.low_stock_threshold + quantity };
  if (product.low_stock_alerted_at) return { mode: "alerted" };
  return { mode: "check" };
}

/** One per unit added, never more than the units available now. */
export function unitsToNotify(increase: number, stockNow: number): number {
  return Math.max(0, Math.min(increase, stockNow));
}

/** The confirmation link dies with it. */
export const WAITLIST_PENDING_DAYS = 7;
/** The privacy notice says so. */
export const WAITLIST_KEEP_MONTHS = 12;
export const WAITLIST_KEEP_DAYS = 365;

/** `<product id>.<request key>.<secret>`: found with one read, proven by the secret, never carrying the e-mail. */
export function waitlistToken(productId: number, emailKey: string, secret: string): string {
  return `${productId}.${emailKey}.${secret}`;
}

export function parseWaitlistToken(
  token: string,
): { productId: number; emailKey: string; secret: string } | null {
  const match = /^([1-9]\d{0,9})\.([0-9a-f]{64})\.([A-Za-z0-9_-]{20,100})$/.exec(token);
  if (!match) return null;
  return { productId: Number(match[1]), emailKey: match[2] as string, secret: match[3] as string };
}

export const WAITLIST_CONSENT_TEXT = `J'accepte que mon adresse e-mail serve uniquement à me prévenir du retour en stock de ce produit. Elle est supprimée après cet e-mail, dès ma désinscription, ou au plus tard après ${WAITLIST_KEEP_MONTHS} mois.`;

/** No enumeration. */
export const WAITLIST_ACCEPTED_MESSAGE =
  "Merci ! Nous venons de vous envoyer un e-mail : cliquez sur le lien qu'il contient pour confirmer votre demande. Sans confirmation, nous ne vous écrirons pas.";

export const WAITLIST_CONSENT_REQUIRED =
  "Cochez la case pour accepter que nous utilisions votre adresse e-mail.";
