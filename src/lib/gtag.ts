/**
 * Google Analytics 4 through gtag.js. Called by analytics.ts only once the visitor accepted the measurement:
 * Google's script is never requested before consent, nor into a page whose Content-Security-Policy predates it
 * (the events of that page stay in its dataLayer; measurement starts with the next page).
 */
import { pagePolicyAllowsAnalytics } from "./consent-state";

type Gtag = (...args: unknown[]) => void;

interface GtagWindow {
  dataLayer?: unknown[];
  gtag?: Gtag;
  [disable: `ga-disable-${string}`]: boolean | undefined;
}

export const GTAG_SCRIPT_ORIGIN = "https://www.googletagmanager.com";

let loadedId: string | null = null;

function win(): Window & GtagWindow {
  return window as unknown as Window & GtagWindow;
}

export function loadGtag(id: string): void {
  const w = win();
  w[`ga-disable-${id}`] = false;
  if (loadedId === id) return;
  loadedId = id;
  w.dataLayer = w.dataLayer ?? [];
  const dataLayer = w.dataLayer;
  w.gtag = function gtag() {
    // gtag.js reads the arguments object itself, not an array.
    // biome-ignore lint/complexity/noArguments: the documented gtag snippet pushes `arguments`
    dataLayer.push(arguments);
  };
  w.gtag("consent", "default", {
    analytics_storage: "granted",
    ad_storage: "denied",
    ad_user_data: "denied",
    ad_personalization: "denied",
  });
  w.gtag("js", new Date());
  // The page's address without its fragment: a guest's link carries her order's token there.
  w.gtag("config", id, { page_location: location.href.split("#")[0] });
  if (!pagePolicyAllowsAnalytics()) return;
  const script = document.createElement("script");
  script.async = true;
  script.src = `${GTAG_SCRIPT_ORIGIN}/gtag/js?id=${encodeURIComponent(id)}`;
  document.head.append(script);
}

export function sendEvent(id: string, event: string, params: Record<string, unknown>): void {
  loadGtag(id);
  win().gtag?.("event", event, params);
}

/** After a withdrawal: nothing more is sent, and Google's cookies on this site are removed. */
export function stopGtag(id: string): void {
  const w = win();
  w[`ga-disable-${id}`] = true;
  w.gtag?.("consent", "update", { analytics_storage: "denied" });
  for (const cookie of document.cookie.split(";")) {
    const name = cookie.split("=")[0]?.trim() ?? "";
    if (!/^_ga(_|$)/.test(name)) continue;
    const expired = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
    // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing in Firefox
    document.cookie = expired;
    // biome-ignore lint/suspicious/noDocumentCookie: same, for the cookie gtag set on the parent domain
    document.cookie = `${expired}; domain=${location.hostname.replace(/^www\./, "")}`;
  }
}

export function resetGtagForTests(): void {
  loadedId = null;
}
