/**
 * Where the site stands on audience measurement, read cheaply by any island: is there analytics at all (the
 * build's measurement id, <html data-ga-id>), and what the visitor chose (localStorage, 6 months).
 * No Google code here: see analytics.ts and gtag.ts.
 */
import {
  CONSENT_STORAGE_KEY,
  type ConsentChoice,
  consentExpiry,
  currentConsent,
  encodeConsent,
} from "../domain/legal/consent";
import { ANALYTICS_CONSENT_COOKIE, ANALYTICS_CONSENT_GRANTED } from "../domain/publishing/security-headers";

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
  writeConsentCookie(choice === "granted" ? consentExpiry(now) : null, now);
}

/**
 * The copy of an acceptance the server reads: pages requested with it get a Content-Security-Policy that allows
 * Google's script (src/domain/publishing/security-headers.ts). It lasts as long as the choice; a refusal removes it.
 */
export function writeConsentCookie(expiresAt: number | null, now = Date.now()): void {
  const maxAge = expiresAt === null ? 0 : Math.max(0, Math.floor((expiresAt - now) / 1000));
  const value = expiresAt === null ? "" : ANALYTICS_CONSENT_GRANTED;
  const secure = location.protocol === "https:" ? "; Secure" : "";
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing in Firefox
  document.cookie = `${ANALYTICS_CONSENT_COOKIE}=${value}; Path=/; Max-Age=${maxAge}; SameSite=Lax${secure}`;
}

/**
 * Keeps the cookie in step with the stored choice (an acceptance given before the cookie existed, an expired one):
 * called when analytics starts on a page.
 */
export function syncConsentCookie(now = Date.now()): void {
  let stored: string | null = null;
  try {
    stored = localStorage.getItem(CONSENT_STORAGE_KEY);
  } catch {
    return;
  }
  const granted = currentConsent(stored, now) === "granted";
  const at = granted ? (JSON.parse(stored ?? "{}") as { at: number }).at : null;
  writeConsentCookie(at === null ? null : consentExpiry(at), now);
}

/**
 * Whether this page's own policy allows Google's script: it was requested with the acceptance cookie, which the
 * inline page-boot script noted on <html> before anything could change it. An acceptance given on this page
 * takes effect from the next page.
 */
export function pagePolicyAllowsAnalytics(): boolean {
  if (typeof document === "undefined") return false;
  return document.documentElement.dataset.analyticsPolicy === ANALYTICS_CONSENT_GRANTED;
}

export function resetConsentStateForTests(): void {
  pageChoice = null;
}
