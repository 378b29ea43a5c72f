/**
 * The waitlist form of an out-of-stock product (decision record 026), written once for its two renderings: the React
 * WaitlistForm (static HTML of the prebuilt pages, the shell page's island) and the framework-free script of the
 * prebuilt pages (src/scripts/storefront/waitlist-form.ts). No React, no zod: content pages ship it as is.
 */
import { WAITLIST_CONSENT_REQUIRED, WAITLIST_CONSENT_TEXT } from "../domain/catalog/stock-alerts";

export const WAITLIST_TITLE = "Être prévenu(e) du retour en stock";
export const WAITLIST_INTRO =
  "Ce produit est en rupture de stock. Laissez votre adresse e-mail : nous vous écrirons une seule fois, dès son retour, sans création de compte.";
export const WAITLIST_EMAIL_LABEL = "Votre adresse e-mail";
export const WAITLIST_SUBMIT = "Me prévenir";
export const WAITLIST_SENDING = "Envoi…";
export const WAITLIST_OFFLINE = "La demande n'a pas pu être envoyée : vérifiez votre connexion et réessayez.";
export { WAITLIST_CONSENT_TEXT };

export type WaitlistField = "email" | "consent";
export type WaitlistErrors = Partial<Record<WaitlistField, string>>;

/** The element ids of one product's form (one form per page, but ids stay unique whatever). */
export function waitlistIds(productId: number) {
  const base = `waitlist-${productId}`;
  return {
    title: `${base}-title`,
    email: `${base}-email`,
    emailError: `${base}-email-error`,
    consent: `${base}-consent`,
    consentError: `${base}-consent-error`,
  };
}

/** The browser's own check before sending (the server checks again, with the same messages). */
export function checkWaitlistForm(email: string, consent: boolean): WaitlistErrors {
  const errors: WaitlistErrors = {};
  const trimmed = email.trim();
  if (!trimmed) errors.email = "L'adresse e-mail est obligatoire.";
  else if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(trimmed)) errors.email = "Adresse e-mail invalide.";
  if (!consent) errors.consent = WAITLIST_CONSENT_REQUIRED;
  return errors;
}

export const WAITLIST_FORM_CLASS = "mt-4 rounded-2xl border border-cream-300 bg-white p-5 shadow-sm sm:p-6";
export const WAITLIST_ERROR_CLASS = "mt-1 min-h-5 text-sm font-medium text-alert";
