/**
 * Paris wall-clock conversions (a datetime-local value, a day's hour) and the long date, for the reductions' rules and
 * the owner's form. Apart from paris-time.ts, which the order pages load before any interaction.
 */
import { once } from "./once";

/** The Paris calendar day of an instant in words: « 6 janvier 2027 ». */
export function parisLongDate(at: Date): string {
  return at.toLocaleDateString("fr-FR", {
    timeZone: "Europe/Paris",
    day: "numeric",
    month: "long",
    year: "numeric",
  });
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
