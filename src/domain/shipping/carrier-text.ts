/**
 * A carrier's text (refusals, tracking events, pick-up points) is shown to people: read as untrusted input, one line,
 * no control or invisible characters, no markup, bounded. Pure: the checkout island may import it.
 */

/** In characters; La Poste's own texts are far shorter. */
export const CARRIER_TEXT_MAX = {
  refusalReason: 300,
  trackingEvent: 200,
  message: 200,
  /** A name and each address line (50 and 38 in La Poste's field list). */
  pointName: 64,
  pointLine: 64,
  pointCity: 50,
} as const;

/** SLS stops at its first failure. */
export const MAX_REFUSAL_REASONS = 5;

/** A parcel's whole journey is a dozen. */
export const MAX_TRACKING_EVENTS = 100;

const ELLIPSIS = "…";

/** Tags are removed, not escaped: no carrier text holds markup, and one that does is not passed on. */
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
