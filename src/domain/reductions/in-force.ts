/**
 * The price that applies at an instant: what the server charges. Apart from the announcement's words
 * (price-in-force.ts), so the order and payment functions bundle no more than this.
 */
import type { Cents } from "../money";
import type { ReductionKind } from "./words";

/** A reduction of one product, its reference price fixed when it started. */
export interface ProductReduction {
  kind: ReductionKind;
  start: Date;
  end: Date;
  price: Cents;
  reference: Cents;
}

export interface PriceInForce {
  price: Cents;
  reduction: ProductReduction | null;
}

/** A reduction applies from its start (included) to its end (excluded). */
export function priceInForce(
  basePrice: Cents,
  reductions: readonly ProductReduction[],
  at: Date,
): PriceInForce {
  const reduction = reductions.find((r) => r.start <= at && at < r.end) ?? null;
  return { price: reduction ? reduction.price : basePrice, reduction };
}

/** The next instant the price of any of these reductions changes after `after`: when the pages must be published. */
export function nextPriceChange(reductions: readonly ProductReduction[], after: Date): Date | null {
  const times = reductions.flatMap((r) => [r.start, r.end]).filter((time) => time > after);
  return times.length ? new Date(Math.min(...times.map((time) => time.getTime()))) : null;
}
