/**
 * The reference price of an announced reduction (Code de la consommation L112-1-1, the Omnibus directive's rule):
 * the lowest price the shop applied during the 30 days before the reduction. For a reduction that deepens step by
 * step, it is the price before the first step. The percentage off is rounded down, so it is never overstated.
 */
import type { Cents } from "../money";

export const REFERENCE_DAYS = 30;
const DAY_MS = 86_400_000;

export const PRICE_CHANGE_REASONS = [
  "created",
  "edited",
  "reduction_start",
  "reduction_end",
  // The first line of a product created before the history existed, dated when it was written.
  "recorded",
] as const;
export type PriceChangeReason = (typeof PRICE_CHANGE_REASONS)[number];

/** One line of a product's price history: the price applied from `from` (ISO instant) on. */
export interface PriceChange {
  price: Cents;
  from: string;
  reason: PriceChangeReason;
}

function byDate(history: readonly PriceChange[]): PriceChange[] {
  return [...history].sort((a, b) => Date.parse(a.from) - Date.parse(b.from));
}

/**
 * The start of the reduction steps running without a break up to `start`: a reduction starting while another is in
 * force (no end, no owner's edit between) is a step of the same reduction.
 */
function firstStepStart(sorted: readonly PriceChange[], start: Date): Date {
  let first = start;
  for (let i = sorted.length - 1; i >= 0; i--) {
    const change = sorted[i] as PriceChange;
    if (Date.parse(change.from) >= first.getTime()) continue;
    if (change.reason !== "reduction_start") break;
    first = new Date(change.from);
  }
  return first;
}

/**
 * The lowest price applied during the 30 days before a reduction starting at `start` (before its first step), or
 * null when the product had no price before it. A product on sale for fewer than 30 days counts the days it was.
 */
export function referencePrice(history: readonly PriceChange[], start: Date): Cents | null {
  const sorted = byDate(history);
  const first = firstStepStart(sorted, start).getTime();
  const windowStart = first - REFERENCE_DAYS * DAY_MS;
  let lowest: Cents | null = null;
  sorted.forEach((change, index) => {
    const from = Date.parse(change.from);
    const next = sorted[index + 1];
    const until = next ? Date.parse(next.from) : Number.POSITIVE_INFINITY;
    const applied = from < first && until > windowStart && until > from;
    if (applied && (lowest === null || change.price < lowest)) lowest = change.price;
  });
  return lowest;
}

/** Whole percent off, rounded down: 10.00 € -> 8.99 € is 10 %, never 11 %. */
export function percentOff(reference: Cents, price: Cents): number {
  if (reference <= 0 || price >= reference) return 0;
  return Math.floor(((reference - price) * 100) / reference);
}
