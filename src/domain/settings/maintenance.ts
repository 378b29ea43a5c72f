/** Maintenance page rules; zod-free: the maintenance page's island loads it. Anything unreadable: not in maintenance. */

export const MAINTENANCE_PATH = "/maintenance";
export const RETURN_PARAM = "from";

export interface MaintenanceState {
  enabled: boolean;
  message: string;
  /** Null when the server gave no end. */
  endsAt: number | null;
}

export const NOT_IN_MAINTENANCE: MaintenanceState = { enabled: false, message: "", endsAt: null };

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
  over: boolean;
}

/** Rounded up to the next second. */
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

/** A path of this site only (no "//host", scheme or backslash tricks), never /maintenance itself; "/" otherwise. */
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

export function maintenanceUrl(currentPath: string): string {
  const back = safeReturnPath(currentPath);
  return back === "/" ? MAINTENANCE_PATH : `${MAINTENANCE_PATH}?${RETURN_PARAM}=${encodeURIComponent(back)}`;
}

/**
 * The pages the law wants reachable at all times: the withdrawal function first (Code de la consommation L221-21, as
 * amended by ordonnance 2026-2). Only orders are behind maintenance (functions/services/place-order), on AWS too.
 */
export const LEGAL_PAGES: readonly { href: string; label: string }[] = [
  { href: "/retractation", label: "Se rétracter du contrat ici" },
  { href: "/cgv", label: "Conditions générales de vente" },
  { href: "/legal-mentions", label: "Mentions légales" },
  { href: "/returns-and-exchanges", label: "Retours et échanges" },
  { href: "/accessibilite", label: "Accessibilité" },
  { href: "/copyright", label: "Droits d'auteur et protection du contenu" },
];

/** A guest's link keeps its token in the fragment: /maintenance?from=… would move it into a logged query string. */
const TRACKING_PATH = "/orders/track";

/** Also read by BaseLayout's inline boot script: it must not hide a page that will never be sent away. */
export function isExemptFromMaintenance(pathname: string): boolean {
  return [MAINTENANCE_PATH, "/admin", TRACKING_PATH, ...LEGAL_PAGES.map((page) => page.href)].some(
    (exempt) => pathname === exempt || pathname.startsWith(`${exempt}/`),
  );
}
