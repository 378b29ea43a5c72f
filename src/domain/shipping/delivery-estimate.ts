/**
 * A Colissimo parcel's estimated delivery when La Poste gives none: the last of the « 2 à 3 jours ouvrés » the CGV
 * (article 6) publish, so a parcel on time never arrives after the date given. Days are Europe/Paris days.
 */

export const PUBLISHED_DELIVERY_WORKING_DAYS = 3;

const DAY_MS = 86_400_000;

const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const msOf = (day: string) => Date.parse(`${day}T00:00:00Z`);

/** Gregorian; the anonymous algorithm (« Meeus/Jones/Butcher »). */
export function easterSunday(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

/** Metropolitan France, Code du travail L3133-1. */
export function frenchPublicHolidays(year: number): Set<string> {
  const easter = msOf(easterSunday(year));
  const fixed = ["01-01", "05-01", "05-08", "07-14", "08-15", "11-01", "11-11", "12-25"].map(
    (monthDay) => `${year}-${monthDay}`,
  );
  return new Set([...fixed, ...[1, 39, 50].map((offset) => dayOf(easter + offset * DAY_MS))]);
}

export function isWorkingDay(day: string): boolean {
  const weekday = new Date(msOf(day)).getUTCDay();
  if (weekday === 0 || weekday === 6) return false;
  return !frenchPublicHolidays(Number(day.slice(0, 4))).has(day);
}

/** `day` itself not counted. */
export function addWorkingDays(day: string, count: number): string {
  let ms = msOf(day);
  for (let left = count; left > 0; ) {
    ms += DAY_MS;
    if (isWorkingDay(dayOf(ms))) left -= 1;
  }
  return dayOf(ms);
}

export function isParisDay(value: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(value) && dayOf(msOf(value)) === value;
}

export function publishedDeliveryEstimate(labelDay: string): string {
  if (!isParisDay(labelDay)) throw new Error(`Not a day: ${labelDay}`);
  return addWorkingDays(labelDay, PUBLISHED_DELIVERY_WORKING_DAYS);
}
