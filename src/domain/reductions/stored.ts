/** A reduction as it is stored on its product (decision record 054). Zod-free: every product read imports it. */
import type { Cents } from "../money";
import type { ReductionKind } from "./words";

export interface StoredReduction {
  id: string;
  kind: ReductionKind;
  starts_at: string;
  ends_at: string;
  price_cents: Cents;
  reference_cents: Cents;
  start_line: string;
  end_line: string;
}

export type ReductionStatus = "scheduled" | "running" | "ended";

export function reductionStatus(reduction: Pick<StoredReduction, "starts_at" | "ends_at">, now: Date) {
  if (now < new Date(reduction.starts_at)) return "scheduled" as const;
  return now < new Date(reduction.ends_at) ? ("running" as const) : ("ended" as const);
}

/** A reduction scheduled or running: while one is, the owner's price is fixed (its history lines are written). */
export const holdsThePrice = (reductions: readonly StoredReduction[], now: Date) =>
  reductions.some((reduction) => new Date(reduction.ends_at) > now);
