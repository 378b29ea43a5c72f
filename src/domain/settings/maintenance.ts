/**
 * Maintenance page rules (spec 2 "Maintenance", 4 "Maintenance mode"): the countdown towards `ends_at`, the
 * address a visitor comes back to, and how a fetched state is read (anything unreadable: not in maintenance).
 * Pure and zod-free: the maintenance page's island loads it.
 */

export const MAINTENANCE_PATH = "/maintenance";
/** Query parameter of /maintenance holding the page the visitor was sent away from. */
export const RETURN_PARAM = "from";

export interface MaintenanceState {
  enabled: boolean;
  message: string;
  /** When the countdown ends, ms since the epoch; null when the server gave no end. */
  endsAt: number | null;
}

export const NOT_IN_MAINTENANCE: MaintenanceState = { enabled: false, message: "", endsAt: null };

/** Reads GET /api/settings/maintenance's body (or an admin's broadcast value); anything else: not in maintenance. */
export function readMaintenance(body: unknown): MaintenanceState {
  if (typeof body !== "object" || body === null) return NOT_IN_MAINTENANCE;
  const { enabled, message, ends_at } = body as Record<string, unknown>;
  if (enabled !== true) return { ...NOT_IN_MAINTENANCE };
  const endsAt = typeof ends_at === "string" ? Date.parse(ends_at) : Number.NaN;
  return {
    enabled: true,
    message: typeof message === "string" ? message.trim() : "",
    endsAt: Number.isFinite(endsAt) ? endsAt : null,
  };
}

export interface Countdown {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
  /** The end time is reached (every part is 0). */
  over: boolean;
}

/** Time left until `endsAt`, in whole days / hours / minutes / seconds (rounded up to the next second). */
export function countdown(endsAt: number, now: number): Countdown {
  const left = Math.max(0, Math.ceil((endsAt - now) / 1000));
  return {
    days: Math.floor(left / 86_400),
    hours: Math.floor((left % 86_400) / 3600),
    minutes: Math.floor((left % 3600) / 60),
    seconds: left % 60,
    over: left === 0,
  };
}

/**
 * The address a visitor returns to after maintenance: a path of this site only (no "//host", no scheme, no
 * backslash tricks), never /maintenance itself; "/" otherwise.
 */
export function safeReturnPath(from: string | null | undefined): string {
  if (!from?.startsWith("/") || from.startsWith("//") || /[\\\s]/.test(from)) return "/";
  let parsed: URL;
  try {
    parsed = new URL(from, "http://shop.invalid");
  } catch {
    return "/";
  }
  if (parsed.origin !== "http://shop.invalid") return "/";
  if (parsed.pathname === MAINTENANCE_PATH || parsed.pathname.startsWith(`${MAINTENANCE_PATH}/`)) return "/";
  return `${parsed.pathname}${parsed.search}${parsed.hash}`;
}

/** /maintenance?from=<the page the visitor was on>; the home page needs no return address. */
export function maintenanceUrl(currentPath: string): string {
  const back = safeReturnPath(currentPath);
  return back === "/" ? MAINTENANCE_PATH : `${MAINTENANCE_PATH}?${RETURN_PARAM}=${encodeURIComponent(back)}`;
}

/**
 * The pages the law wants reachable at all times, in the order the maintenance page lists them. The withdrawal
 * function first: Code de la consommation L221-21 (as amended by ordonnance 2026-2) wants it available for the whole
 * withdrawal period, maintenance included; then the legal notice, the terms of sale (with the withdrawal form), the
 * returns page that explains the right, the accessibility statement and the copyright page. Their APIs (the
 * withdrawal routes) never were behind maintenance: only orders are (functions/services/place-order). On AWS the same
 * holds: neither the Router's functions (infra/edge.ts) nor the CDN decide anything about maintenance; the visitor is
 * sent away by this client-side rule and orders are refused by the orders Lambda, as under `npm start`.
 */
export const LEGAL_PAGES: readonly { href: string; label: string }[] = [
  { href: "/retractation", label: "Se rétracter du contrat ici" },
  { href: "/cgv", label: "Conditions générales de vente" },
  { href: "/legal-mentions", label: "Mentions légales" },
  { href: "/returns-and-exchanges", label: "Retours et échanges" },
  { href: "/accessibilite", label: "Accessibilité" },
  { href: "/copyright", label: "Droits d'auteur et protection du contenu" },
];

/**
 * Following an order needs no open shop, and a guest's link keeps its token in the fragment: sending the
 * page to /maintenance?from=… would move the token into a query string, which servers log.
 */
const TRACKING_PATH = "/orders/track";

/**
 * Paths that never send anyone to /maintenance: the page itself, /admin (it checks its own access), the tracking page
 * and the legal pages above. Used by the check of every page (src/scripts/site/maintenance-check.ts) and by BaseLayout, which marks
 * such a page for the inline boot script (it must not hide a page that will never be sent away).
 */
export function isExemptFromMaintenance(pathname: string): boolean {
  return [MAINTENANCE_PATH, "/admin", TRACKING_PATH, ...LEGAL_PAGES.map((page) => page.href)].some(
    (exempt) => pathname === exempt || pathname.startsWith(`${exempt}/`),
  );
}
