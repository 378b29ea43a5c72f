/**
 * When the install-as-app prompt may show (spec 4 "Install prompt", 9 "install prompt dismissal 7 days, iOS
 * display delay 3 s"). Pure: the island passes what it read from sessionStorage, localStorage and navigator.
 *
 *   'Plus tard'                     -> hidden for this session
 *   install declined in the dialog  -> hidden for this session
 *   install accepted                -> hidden for 7 days
 *   iOS instructions acknowledged   -> hidden for 7 days
 */

/** sessionStorage: "1" once dismissed for this session. */
export const SESSION_DISMISS_KEY = "install_prompt_dismissed";
/** localStorage: the time (ms since the epoch) of a 7-day dismissal. */
export const WEEK_DISMISS_KEY = "install_prompt_dismissed_at";

export const DISMISS_DAYS = 7;
export const DISMISS_MS = DISMISS_DAYS * 24 * 60 * 60 * 1000;
/** On iOS (no install event) the instructions appear after 3 s. */
export const IOS_DELAY_MS = 3000;

export type InstallOutcome = "later" | "declined" | "accepted" | "ios-acknowledged";
export type Dismissal = "session" | "week";

export function dismissalFor(outcome: InstallOutcome): Dismissal {
  return outcome === "accepted" || outcome === "ios-acknowledged" ? "week" : "session";
}

export interface DismissalState {
  /** sessionStorage value of SESSION_DISMISS_KEY. */
  session: string | null;
  /** localStorage value of WEEK_DISMISS_KEY. */
  week: string | null;
  now: number;
}

/** Hidden if dismissed in this session or within the last 7 days (a date in the future counts as just now). */
export function isDismissed({ session, week, now }: DismissalState): boolean {
  if (session === "1") return true;
  if (week === null) return false;
  const at = Number(week);
  if (!Number.isFinite(at) || at <= 0) return false;
  return now - Math.min(at, now) < DISMISS_MS;
}

export interface DeviceInfo {
  userAgent: string;
  /** navigator.platform (deprecated but still the only way to tell iPadOS, which claims to be a Mac). */
  platform: string;
  maxTouchPoints: number;
}

/** iPhone, iPod, iPad, and iPadOS 13+ which presents itself as a Mac with a touch screen. */
export function isIosDevice({ userAgent, platform, maxTouchPoints }: DeviceInfo): boolean {
  if (/iPhone|iPad|iPod/i.test(userAgent)) return true;
  return platform === "MacIntel" && maxTouchPoints > 1;
}

/** sessionStorage: how many pages the shopper has seen in this visit (the current one not counted). */
export const PAGES_SEEN_KEY = "install_prompt_pages_seen";
/** The prompt waits until the shopper has seen this many pages: it never greets a first visit. */
export const MIN_PAGES_SEEN = 2;

/**
 * Pages where the prompt never shows: a card at the bottom of the screen would cover what the shopper came to do,
 * the product's price and « Ajouter au panier », the cart's and the checkout's buttons.
 */
const BUYING_PAGES = /^\/(product|cart|Cart|payment|Payment)(\/|$)/;

/** Whether the prompt may show on this page, given the pages seen before it in this visit. */
export function promptAllowedHere({ pagesSeen, path }: { pagesSeen: number; path: string }): boolean {
  return pagesSeen >= MIN_PAGES_SEEN && !BUYING_PAGES.test(path);
}

/** The count kept in sessionStorage, read safely (anything unreadable counts as none). */
export function pagesSeenFrom(stored: string | null): number {
  const count = Number(stored);
  return Number.isInteger(count) && count > 0 ? count : 0;
}

/** What the prompt offers: the browser's install dialog, the iOS instructions, or nothing. */
export type PromptKind = "native" | "ios" | "none";

export function promptKind(input: {
  dismissed: boolean;
  /** Already running as an installed app (display-mode standalone, or navigator.standalone on iOS). */
  standalone: boolean;
  ios: boolean;
  /** A beforeinstallprompt event was kept. */
  canInstall: boolean;
}): PromptKind {
  if (input.dismissed || input.standalone) return "none";
  if (input.canInstall) return "native";
  return input.ios ? "ios" : "none";
}
