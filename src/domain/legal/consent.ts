/**
 * The visitor's choice about audience measurement (CNIL rules on trackers): nothing is measured before an
 * explicit 'Tout accepter'; 'Tout refuser' is as easy; the choice is kept 6 months and then asked again.
 * Pure: the browser side stores the encoded text under CONSENT_STORAGE_KEY in localStorage.
 */

export const CONSENT_STORAGE_KEY = "cookie_consent";
/** How long a choice is remembered (CNIL: 6 months is the recommended lifetime of a choice). */
export const CONSENT_MONTHS = 6;

export type ConsentChoice = "granted" | "denied";

export interface StoredConsent {
  choice: ConsentChoice;
  /** When the visitor chose, ms since the epoch. */
  at: number;
}

/** The date a choice made at `at` stops counting: the same day 6 calendar months later. */
export function consentExpiry(at: number): number {
  const date = new Date(at);
  const day = date.getUTCDate();
  date.setUTCDate(1);
  date.setUTCMonth(date.getUTCMonth() + CONSENT_MONTHS);
  // 31 August + 6 months: the last day of February, not 3 March.
  const lastDay = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).getUTCDate();
  date.setUTCDate(Math.min(day, lastDay));
  return date.getTime();
}

export function encodeConsent(choice: ConsentChoice, now: number): string {
  return JSON.stringify({ choice, at: now } satisfies StoredConsent);
}

/** The choice still in force, or null: none yet, unreadable, expired, or dated in the future (clock tampering). */
export function currentConsent(stored: string | null, now: number): ConsentChoice | null {
  if (!stored) return null;
  let value: unknown;
  try {
    value = JSON.parse(stored);
  } catch {
    return null;
  }
  if (typeof value !== "object" || value === null) return null;
  const { choice, at } = value as Record<string, unknown>;
  if (choice !== "granted" && choice !== "denied") return null;
  if (typeof at !== "number" || !Number.isFinite(at) || at > now + 60_000) return null;
  return now < consentExpiry(at) ? choice : null;
}

/** A Google Analytics 4 measurement id ("G-XXXXXXX"); anything else (empty included) means no analytics at all. */
export function validMeasurementId(value: string | undefined | null): string | null {
  const id = value?.trim() ?? "";
  return /^G-[A-Z0-9]{4,20}$/.test(id) ? id : null;
}
