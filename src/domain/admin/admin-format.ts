/**
 * How the admin panel writes dates and amounts: fr-FR, Europe/Paris, euros (spec 1). No dependency but money.
 */
import { eurosToCents, formatEuros } from "../money";
import { once } from "../once";

const dateFormat = once(
  () =>
    new Intl.DateTimeFormat("fr-FR", {
      timeZone: "Europe/Paris",
      day: "2-digit",
      month: "2-digit",
      year: "numeric",
    }),
);
const dateTimeFormat = once(
  () =>
    new Intl.DateTimeFormat("fr-FR", {
      timeZone: "Europe/Paris",
      day: "2-digit",
      month: "2-digit",
      year: "numeric",
      hour: "2-digit",
      minute: "2-digit",
    }),
);
/** A calendar day ("2026-05-12") has no time zone: formatted as is. */
const dayFormat = once(
  () =>
    new Intl.DateTimeFormat("fr-FR", {
      timeZone: "UTC",
      day: "numeric",
      month: "long",
      year: "numeric",
    }),
);

function parse(iso: string | null | undefined): Date | null {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** "12/05/2026" in Paris; "" when missing or not a date. */
export function formatDate(iso: string | null | undefined): string {
  const date = parse(iso);
  return date ? dateFormat().format(date) : "";
}

/** "12/05/2026 14:30" in Paris; "" when missing or not a date. */
export function formatDateTime(iso: string | null | undefined): string {
  const date = parse(iso);
  return date ? dateTimeFormat().format(date).replace(",", "") : "";
}

/** A calendar day "2026-05-12" as "12 mai 2026"; other texts are returned as they are. */
export function formatDay(day: string | null | undefined): string {
  if (!day) return "";
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(day);
  if (!match) return day;
  return dayFormat().format(new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))));
}

/** Euros from the API (a number with at most 2 decimals) as "12,90 €". */
export function formatAmount(euros: number | null | undefined): string {
  return formatEuros(eurosToCents(Number.isFinite(euros) ? Number(euros) : 0));
}
