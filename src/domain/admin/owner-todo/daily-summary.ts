/** When the daily summary of the to-do list leaves: its hour, Europe/Paris. */

import { once } from "../../once";

/** The summary leaves at 8:00 Paris time (summer and winter alike). */
export const DAILY_SUMMARY_HOUR = 8;

const parisHourFormat = once(
  () =>
    new Intl.DateTimeFormat("en-GB", {
      timeZone: "Europe/Paris",
      hour: "2-digit",
      hourCycle: "h23",
    }),
);

/** Whether it is 8:00 Paris time or later on the day of `now` (a run before that waits for the next one). */
export function isDailySummaryTime(now: Date): boolean {
  return Number(parisHourFormat().format(now)) >= DAILY_SUMMARY_HOUR;
}
