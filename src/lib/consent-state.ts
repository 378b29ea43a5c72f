/**
 * Where the site stands on audience measurement, read cheaply by any island: is there analytics at all (the
 * build's measurement id, <html data-ga-id>), and what the visitor chose (localStorage, 6 months).
 * No Google code here: see analytics.ts and gtag.ts.
 */
import { CONSENT_STORAGE_KEY, type ConsentChoice, currentConsent, encodeConsent } from "../domain/consent";

/** A choice made on this page even when storage refused it. */
let pageChoice: ConsentChoice | null = null;

/** The measurement id the site was built with, or null (then analytics does not exist). */
export function analyticsId(): string | null {
  if (typeof document === "undefined") return null;
  return document.documentElement.dataset.gaId || null;
}

export function readConsent(now = Date.now()): ConsentChoice | null {
  if (pageChoice) return pageChoice;
  try {
    return currentConsent(localStorage.getItem(CONSENT_STORAGE_KEY), now);
  } catch {
    return null;
  }
}

/** The consent banner must ask: analytics exists and no choice is in force. */
export function consentNeeded(): boolean {
  return analyticsId() !== null && readConsent() === null;
}

/** Measurement may run: analytics exists and the visitor accepted it. */
export function measurementAllowed(): boolean {
  return analyticsId() !== null && readConsent() === "granted";
}

export function writeConsent(choice: ConsentChoice, now = Date.now()): void {
  pageChoice = choice;
  try {
    localStorage.setItem(CONSENT_STORAGE_KEY, encodeConsent(choice, now));
  } catch {
    // Storage refused (private mode): the choice holds for this page only.
  }
}

/** Test hook. */
export function resetConsentStateForTests(): void {
  pageChoice = null;
}
