/**
 * Stock alerts and the waitlist, the pure part (docs/decisions/026-stock-alerts-and-waitlist.md). No zod,
 * no I/O: the product page's framework-free script imports the texts from here.
 */

/**
 * What an order's transaction assumes about one line, so that the order knows, without reading anything more,
 * whether its sale may have brought the stock to the low-stock threshold:
 * - "above": the stock stays above the threshold after this sale. The sale is conditioned on it
 *   (stock > threshold + quantity): if it no longer holds, the transaction fails as "stale" and the next attempt
 *   judges again with "check". So an order that crosses nothing costs nothing more.
 * - "alerted": the owner has already been told (the flag is set); conditioned on the flag being still there (a
 *   restock may have removed it meanwhile: "stale" again).
 * - "check": the sale may bring the stock to the threshold or below: after the transaction, one conditional write
 *   on the product (flag absent and stock <= threshold) decides whether this is the crossing that alerts.
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

/**
 * How many waiting shoppers a stock increase lets the shop tell: one per unit added, never more than the units
 * available now (a return of 1 while 40 are in stock tells 1; a restock of 24 when 3 are left tells 3).
 */
export function unitsToNotify(increase: number, stockNow: number): number {
  return Math.max(0, Math.min(increase, stockNow));
}

/** An unconfirmed request is deleted after this long (the confirmation link dies with it). */
export const WAITLIST_PENDING_DAYS = 7;
/** A confirmed request is kept at most this long (the privacy notice says so), then deleted. */
export const WAITLIST_KEEP_MONTHS = 12;
export const WAITLIST_KEEP_DAYS = 365;

/**
 * The links' token: `<product id>.<request key>.<secret>`. It names the request (so it is found with one read) and
 * proves the link came from our mail (the secret); it never carries the e-mail itself.
 */
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

/** The consent box's label: what the e-mail is used for, and for how long it is kept. */
export const WAITLIST_CONSENT_TEXT = `J'accepte que mon adresse e-mail serve uniquement à me prévenir du retour en stock de ce produit. Elle est supprimée après cet e-mail, dès ma désinscription, ou au plus tard après ${WAITLIST_KEEP_MONTHS} mois.`;

/** The same answer whether the e-mail is new, waiting already, or not valid for mail (no enumeration). */
export const WAITLIST_ACCEPTED_MESSAGE =
  "Merci ! Nous venons de vous envoyer un e-mail : cliquez sur le lien qu'il contient pour confirmer votre demande. Sans confirmation, nous ne vous écrirons pas.";

export const WAITLIST_CONSENT_REQUIRED =
  "Cochez la case pour accepter que nous utilisions votre adresse e-mail.";
