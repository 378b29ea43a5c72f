/**
 * Paris days for the accounting exports, without zod: the admin island shares them (the panel ships no zod).
 */

/** The Paris calendar day of an instant, "YYYY-MM-DD" (Intl knows the DST rules). */
export function parisDay(iso: string): string {
  return new Intl.DateTimeFormat("en-CA", {
    timeZone: "Europe/Paris",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(new Date(iso));
}

/** The period the export card proposes: from the first day of the current month to today, in Paris. */
export function defaultExportPeriod(now: Date): { from: string; to: string } {
  const to = parisDay(now.toISOString());
  return { from: `${to.slice(0, 8)}01`, to };
}

/** The file name of a `content-disposition: attachment; filename="..."` header, else the fallback. */
export function attachmentFileName(header: string | null, fallback: string): string {
  return /filename="([^"]+)"/.exec(header ?? "")?.[1] ?? fallback;
}
