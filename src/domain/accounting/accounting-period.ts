import { parisDay } from "../paris-time";

/** The period the export card proposes: from the first day of the current month to today, in Paris. */
/** (Zod-free: the admin panel's export card imports it, and the panel ships no zod.) */
export function defaultExportPeriod(now: Date): { from: string; to: string } {
  const to = parisDay(now);
  return { from: `${to.slice(0, 8)}01`, to };
}
