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
