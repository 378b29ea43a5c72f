/** When the install-as-app prompt may show (spec 4 "Install prompt", 9). Pure: the island passes what it read. */

export const SESSION_DISMISS_KEY = "install_prompt_dismissed";
/** localStorage: the time (ms) of a 7-day dismissal. */
export const WEEK_DISMISS_KEY = "install_prompt_dismissed_at";

export const DISMISS_DAYS = 7;
export const DISMISS_MS = DISMISS_DAYS * 24 * 60 * 60 * 1000;
export const IOS_DELAY_MS = 3000;

export type InstallOutcome = "later" | "declined" | "accepted" | "ios-acknowledged";
export type Dismissal = "session" | "week";

export function dismissalFor(outcome: InstallOutcome): Dismissal {
  return outcome === "accepted" || outcome === "ios-acknowledged" ? "week" : "session";
}

export interface DismissalState {
  session: string | null;
  week: string | null;
  now: number;
}

/** A date in the future counts as just now. */
export function isDismissed({ session, week, now }: DismissalState): boolean {
  if (session === "1") return true;
  if (week === null) return false;
  const at = Number(week);
  if (!Number.isFinite(at) || at <= 0) return false;
  return now - Math.min(at, now) < DISMISS_MS;
}

export interface DeviceInfo {
  userAgent: string;
  /** Deprecated but still the only way to tell iPadOS, which claims to be a Mac. */
  platform: string;
  maxTouchPoints: number;
}

/** iPadOS 13+ presents itself as a Mac with a touch screen. */
export function isIosDevice({ userAgent, platform, maxTouchPoints }: DeviceInfo): boolean {
  if (/iPhone|iPad|iPod/i.test(userAgent)) return true;
  return platform === "MacIntel" && maxTouchPoints > 1;
}

/** sessionStorage: pages seen in this visit (the current one not counted). */
export const PAGES_SEEN_KEY = "install_prompt_pages_seen";
/** It never greets a first visit. */
export const MIN_PAGES_SEEN = 2;

/** A card at the bottom would cover the price and « Ajouter au panier », the cart's and the checkout's buttons. */
const BUYING_PAGES = /^\/(product|cart|Cart|payment|Payment)(\/|$)/;

export function promptAllowedHere({ pagesSeen, path }: { pagesSeen: number; path: string }): boolean {
  return pagesSeen >= MIN_PAGES_SEEN && !BUYING_PAGES.test(path);
}

/** Anything unreadable counts as none. */
export function pagesSeenFrom(stored: string | null): number {
  const count = Number(stored);
  return Number.isInteger(count) && count > 0 ? count : 0;
}

export type PromptKind = "native" | "ios" | "none";

export function promptKind(input: {
  dismissed: boolean;
  /** display-mode standalone, or navigator.standalone on iOS. */
  standalone: boolean;
  ios: boolean;
  canInstall: boolean;
}): PromptKind {
  if (input.dismissed || input.standalone) return "none";
  if (input.canInstall) return "native";
  return input.ios ? "ios" : "none";
}
