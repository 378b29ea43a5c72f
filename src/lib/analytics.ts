/**
 * Audience measurement events (spec 7: view_item and add_to_cart, in euros), sent to Google Analytics 4 only
 * after the visitor accepted it in the consent banner.
 *
 * - No measurement id at build time (PUBLIC_GA_MEASUREMENT_ID, rendered by BaseLayout as <html data-ga-id>):
 *   nothing at all, ever: no banner, no script, no request.
 * - Before consent, or after a refusal: track() drops the event. Nothing is queued to be sent later.
 * - After 'Tout accepter': Google's gtag.js is loaded (gtag.ts) and the events go to it, from the next page on:
 *   a page's Content-Security-Policy allows Google's script only when the page was requested with the acceptance
 *   cookie (consent-state.ts), so an acceptance given on a page cannot load the script into that page.
 */
import type { ConsentChoice } from "../domain/legal/consent";
import { analyticsId, measurementAllowed, syncConsentCookie, writeConsent } from "./consent-state";
import { loadGtag, sendEvent, stopGtag } from "./gtag";

/** The spec's two events (section 7 "Other"). */
export type AnalyticsEvent = "view_item" | "add_to_cart";

export interface AnalyticsItem {
  item_id: string;
  item_name: string;
  price: number;
  quantity: number;
}

export interface EcommerceParams {
  currency: "EUR";
  value: number;
  items: AnalyticsItem[];
}

/** Loads gtag when the visitor has accepted; does nothing otherwise. Answers whether it did. */
export function startAnalytics(): boolean {
  const id = analyticsId();
  if (!id) return false;
  syncConsentCookie();
  if (!measurementAllowed()) return false;
  loadGtag(id);
  return true;
}

/** Records the visitor's choice (kept 6 months) and applies it at once. */
export function saveConsent(choice: ConsentChoice, now = Date.now()): void {
  writeConsent(choice, now);
  const id = analyticsId();
  if (!id) return;
  if (choice === "granted") startAnalytics();
  else stopGtag(id);
}

/** Sends one event when (and only when) analytics exists and the visitor accepted it; otherwise drops it. */
export function track(event: AnalyticsEvent, params: EcommerceParams): boolean {
  const id = analyticsId();
  if (!id || !measurementAllowed()) return false;
  sendEvent(id, event, { ...params });
  return true;
}

/** The e-commerce parameters of one product line, prices in euros. */
export function productParams(
  product: { id: number; name: string; price: number },
  quantity = 1,
): EcommerceParams {
  return {
    currency: "EUR",
    value: Math.round(product.price * quantity * 100) / 100,
    items: [{ item_id: String(product.id), item_name: product.name, price: product.price, quantity }],
  };
}
