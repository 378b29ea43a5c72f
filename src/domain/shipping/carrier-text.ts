/**
 * Text a carrier sends (Colissimo's refusals, La Poste's tracking events, pick-up points' names and addresses) is kept
 * and shown to people: on the owner's screens, the customer's tracking page, the e-mails and labels. It is read as
 * untrusted input: one line, no control or invisible formatting characters, no markup, and never longer than the
 * place it is shown in. Pure: the checkout island may import it.
 */

/** The longest text kept of each kind, in characters: La Poste's own are far shorter (see each reader). */
export const CARRIER_TEXT_MAX = {
  /** One reason of a refused label (SLS's longest known texts are under 150 characters). */
  refusalReason: 300,
  /** One tracking event (La Poste's sentences run to about 150 characters). */
  trackingEvent: 200,
  /** Any other message of a La Poste service (a refused search, a refused tracking number). */
  message: 200,
  /** A pick-up point's name (50 in La Poste's field list) and each of its address lines (38 there). */
  pointName: 64,
  pointLine: 64,
  /** A pick-up point's city (32 in La Poste's field list). */
  pointCity: 50,
} as const;

/** The most messages of one refused label kept (SLS stops at its first failure: one in every recorded answer). */
export const MAX_REFUSAL_REASONS = 5;

/** The most tracking events kept per parcel, the newest: a parcel's whole journey is a dozen. */
export const MAX_TRACKING_EVENTS = 100;

const ELLIPSIS = "…";

/**
 * `value` as one clean line of at most `max` characters (code points), or "" when it is not a string:
 * - line breaks and tabs become spaces, and spaces are collapsed;
 * - control characters (NUL, ESC, DEL, C1), invisible formatting ones (bidirectional overrides, zero-width
 *   characters, soft hyphen) and lone surrogates are removed;
 * - tags (« <b> », « <script …> », « </a> ») are removed: no carrier text holds markup, and one that does is not to be
 *   passed on, even escaped;
 * - cut at `max`, on a word when one ends in the last fifth, and marked with « … ».
 */
export function carrierText(value: unknown, max: number): string {
  if (typeof value !== "string") return "";
  const clean = value
    .replace(/<\/?[A-Za-z!][^<>]*>/g, " ")
    .replace(/[\p{Cc}\p{Zl}\p{Zp}]/gu, (char) => (/\s/.test(char) ? " " : ""))
    .replace(/[\p{Cf}\p{Cs}]/gu, "")
    .replace(/\s+/g, " ")
    .trim();
  const chars = Array.from(clean);
  if (chars.length <= max) return clean;
  const head = chars.slice(0, max - 1).join("");
  const space = head.lastIndexOf(" ");
  const cut = space >= head.length * 0.8 ? head.slice(0, space) : head;
  return `${cut.replace(/[\s,;:.-]+$/, "")}${ELLIPSIS}`;
}
