/**
 * The shop's clock is Paris time: its calendar days (the unit of daily limits, deadlines and accounting periods) and
 * how an instant reads in French. Zod-free and dependency-light, so islands and every feature may import it.
 */
import { once } from "./once";

const parisDayFormat = once(
  () =>
    new Intl.DateTimeFormat("en-CA", {
      timeZone: "Europe/Paris",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
    }),
);

/** The calendar day in Paris ("2026-11-22"). */
export function parisDay(date: Date): string {
  return parisDayFormat().format(date);
}

/** "2026-03-29" -> its day number since 1970, so two days subtract exactly, whatever the clock change between them. */
function dayNumber(day: string): number {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  return Date.UTC(year, month - 1, date) / 86_400_000;
}

/** Whole calendar days from the day `fromDay` to the day `toDay` ("2026-11-22"), negative when before. */
export function calendarDaysBetween(fromDay: string, toDay: string): number {
  return dayNumber(toDay) - dayNumber(fromDay);
}

/**
 * How many Paris calendar days separate two instants: 0 on the same Paris day, 1 from the next midnight in Paris
 * on, and so on. Midnight is Paris midnight in winter (UTC+1) and in summer (UTC+2) alike.
 */
export function parisDaysBetween(from: Date, to: Date): number {
  return calendarDaysBetween(parisDay(from), parisDay(to));
}

/** The Paris calendar day of an instant in words: « 6 janvier 2027 ». */
export function parisLongDate(at: Date): string {
  return at.toLocaleDateString("fr-FR", {
    timeZone: "Europe/Paris",
    day: "numeric",
    month: "long",
    year: "numeric",
  });
}

/** Formats an instant for the customer and the owner: « mardi 24 novembre 2026 à 09:28 » (Europe/Paris). */
export function parisDateTime(at: Date): string {
  const date = at.toLocaleDateString("fr-FR", {
    timeZone: "Europe/Paris",
    weekday: "long",
    day: "numeric",
    month: "long",
    year: "numeric",
  });
  const time = at.toLocaleTimeString("fr-FR", {
    timeZone: "Europe/Paris",
    hour: "2-digit",
    minute: "2-digit",
  });
  return `${date} à ${time}`;
}

const parisOffsetFormat = once(
  () => new Intl.DateTimeFormat("en-US", { timeZone: "Europe/Paris", timeZoneName: "longOffset" }),
);

/** Minutes Paris is ahead of UTC at an instant: 60 in winter, 120 in summer. */
function parisOffsetMinutes(at: Date): number {
  const name = parisOffsetFormat()
    .formatToParts(at)
    .find((part) => part.type === "timeZoneName")?.value;
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name ?? "");
  if (!match) return 0;
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  return match[1] === "-" ? -minutes : minutes;
}

/**
 * The instant Paris's clocks show `hour`:00 on the calendar day `day` ("2027-01-13"). Meant for hours the clock
 * changes never skip or repeat (they change between 2:00 and 3:00).
 */
export function parisWallTime(day: string, hour: number): Date {
  const asUtc = new Date(`${day}T${String(hour).padStart(2, "0")}:00:00.000Z`);
  return new Date(asUtc.getTime() - parisOffsetMinutes(asUtc) * 60_000);
}

const WALL_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/** How Paris's clocks read an instant, as a `datetime-local` input writes it ("2027-01-07T08:00"). */
export function parisWallText(at: Date): string {
  const shifted = new Date(at.getTime() + parisOffsetMinutes(at) * 60_000);
  return shifted.toISOString().slice(0, 16);
}

/**
 * The instant Paris's clocks show a `datetime-local` value ("2027-01-07T08:00"), as an ISO instant with Paris's
 * offset ("2027-01-07T08:00:00+01:00"), whatever the browser's own zone. Null when the text is no such value or names
 * a time the spring clock change skips; an hour the autumn change repeats is read as its first occurrence.
 */
export function parisInstant(wallText: string): string | null {
  const match = WALL_TIME.exec(wallText.trim());
  if (!match) return null;
  const asUtc = Date.parse(`${match[1]}-${match[2]}-${match[3]}T${match[4]}:${match[5]}:00.000Z`);
  if (Number.isNaN(asUtc)) return null;
  const candidates = [
    asUtc - parisOffsetMinutes(new Date(asUtc - 120 * 60_000)) * 60_000,
    asUtc - parisOffsetMinutes(new Date(asUtc)) * 60_000,
  ].sort((a, b) => a - b);
  const at = candidates.map((time) => new Date(time)).find((time) => parisWallText(time) === wallText.trim());
  if (!at) return null;
  const offset = parisOffsetMinutes(at);
  const hours = String(Math.floor(Math.abs(offset) / 60)).padStart(2, "0");
  const minutes = String(Math.abs(offset) % 60).padStart(2, "0");
  return `${wallText.trim()}:00${offset < 0 ? "-" : "+"}${hours}:${minutes}`;
}
