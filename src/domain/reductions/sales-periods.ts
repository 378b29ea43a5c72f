/**
 * The national « Soldes » periods (Code de commerce L310-3 and D310-15-2): distance selling follows the national
 * dates whatever the seller's department.
 * - Winter: the second Wednesday of January at 8:00, brought forward to the first Wednesday when the second falls
 *   after the 12th.
 * - Summer: the last Wednesday of June at 8:00, brought forward to the one before when the last falls after the 28th.
 * - Each lasts four weeks, unless an arrêté moves it (MOVED_PERIODS).
 * Source: Code de commerce, articles L310-3 and D310-15-2 (Légifrance); the dates the DGCCRF published each year
 * are the tests' table.
 */
import { parisDay } from "../paris-time";
import { parisWallTime } from "../paris-wall-time";

export type SalesSeason = "winter" | "summer";

export interface SalesPeriod {
  season: SalesSeason;
  /** The first day, 8:00 Paris. */
  start: Date;
  /** The instant after the last day: midnight in Paris, four weeks after the first day. */
  end: Date;
  /** Calendar days in Paris, as the rules and the shop's screens say them. */
  firstDay: string;
  lastDay: string;
}

export const SALES_WEEKS = 4;
const START_HOUR = 8;

/**
 * Periods an arrêté moved from the rule's dates: `${year}-${season}` -> its first day. Empty: none moves a period of
 * the years the shop sells in (the past ones, in 2020 and 2021, are in the tests).
 */
export const MOVED_PERIODS: Readonly<Record<string, string>> = {};

function day(year: number, monthIndex: number, date: number): string {
  return new Date(Date.UTC(year, monthIndex, date)).toISOString().slice(0, 10);
}

function wednesdays(year: number, monthIndex: number): number[] {
  const days: number[] = [];
  for (let date = 1; date <= 31; date++) {
    const at = new Date(Date.UTC(year, monthIndex, date));
    if (at.getUTCMonth() !== monthIndex) break;
    if (at.getUTCDay() === 3) days.push(date);
  }
  return days;
}

/** The first day the rule of D310-15-2 gives, before any arrêté. */
export function ruleFirstDay(year: number, season: SalesSeason): string {
  if (season === "winter") {
    const [first = 1, second = 8] = wednesdays(year, 0);
    return day(year, 0, second > 12 ? first : second);
  }
  const june = wednesdays(year, 5);
  const last = june.at(-1) ?? 30;
  const beforeLast = june.at(-2) ?? 23;
  return day(year, 5, last > 28 ? beforeLast : last);
}

function addDays(isoDay: string, days: number): string {
  const [year, month, date] = isoDay.split("-").map(Number) as [number, number, number];
  return day(year, month - 1, date + days);
}

export function salesPeriod(
  year: number,
  season: SalesSeason,
  moved: Readonly<Record<string, string>> = MOVED_PERIODS,
): SalesPeriod {
  const firstDay = moved[`${year}-${season}`] ?? ruleFirstDay(year, season);
  const afterLast = addDays(firstDay, SALES_WEEKS * 7);
  return {
    season,
    start: parisWallTime(firstDay, START_HOUR),
    end: parisWallTime(afterLast, 0),
    firstDay,
    lastDay: addDays(afterLast, -1),
  };
}

/** The year's two periods, winter first. */
export function nationalSalesPeriods(year: number): SalesPeriod[] {
  return [salesPeriod(year, "winter"), salesPeriod(year, "summer")];
}

/** The period a reduction from `start` to `end` lies wholly inside, or null. */
export function salesPeriodContaining(start: Date, end: Date): SalesPeriod | null {
  const year = Number(parisDay(start).slice(0, 4));
  return (
    nationalSalesPeriods(year).find((period) => start >= period.start && end <= period.end && start < end) ??
    null
  );
}

/** L310-3: only goods offered for sale at least a month before the period's start may be sold in it. */
export function onSaleLongEnough(onSaleSince: Date, period: SalesPeriod): boolean {
  const monthBefore = new Date(period.start);
  monthBefore.setUTCMonth(monthBefore.getUTCMonth() - 1);
  return onSaleSince <= monthBefore;
}
