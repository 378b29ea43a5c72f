/**
 * Batches and what each sale takes from them (decision record 018): Regulation (EC) 1223/2009 art. 19(1)(e);
 * Regulation (EU) 2023/988 art. 35-36 (a recall must reach the buyers). No zod: the admin island imports it.
 */

/** Dates are "YYYY-MM-DD". */
export interface BatchStock {
  lot: string;
  made_on: string;
  expires_on?: string | null;
  pao_months?: number | null;
  remaining: number;
}

/** Units no recorded lot covered are not listed. */
export interface LotTaken {
  lot: string;
  quantity: number;
}

export const UNRECORDED_LOT = "lot non enregistré";

/** Regulation (EU) 2023/988 art. 36(2). */
export const RECALL_RISK_MIN = 10;
export const RECALL_RISK_MAX = 1000;

function addMonths(day: string, months: number): string {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  const total = year * 12 + (month - 1) + months;
  const y = Math.floor(total / 12);
  const m = (total % 12) + 1;
  return `${String(y).padStart(4, "0")}-${String(m).padStart(2, "0")}-${String(date).padStart(2, "0")}`;
}

/** Expiry date, else making date plus PAO, else making date. */
export function expiryKey(batch: Pick<BatchStock, "made_on" | "expires_on" | "pao_months">): string {
  if (batch.expires_on) return batch.expires_on;
  if (batch.pao_months) return addMonths(batch.made_on, batch.pao_months);
  return batch.made_on;
}

export function allocationOrder<T extends BatchStock>(batches: readonly T[]): T[] {
  return [...batches].sort(
    (a, b) =>
      expiryKey(a).localeCompare(expiryKey(b)) ||
      a.made_on.localeCompare(b.made_on) ||
      a.lot.localeCompare(b.lot, "fr", { numeric: true }),
  );
}

/** A sale is never refused because the owner has not recorded her batches. */
export function allocateLots(batches: readonly BatchStock[], quantity: number): LotTaken[] {
  const taken: LotTaken[] = [];
  let left = quantity;
  for (const batch of allocationOrder(batches)) {
    if (left <= 0) break;
    if (batch.remaining <= 0) continue;
    const units = Math.min(batch.remaining, left);
    taken.push({ lot: batch.lot, quantity: units });
    left -= units;
  }
  return taken;
}

/** Last lot taken first, so the lots never get more back than the line took from them. */
export function lotsToGiveBack(
  lineLots: readonly LotTaken[],
  alreadyReturned: readonly LotTaken[],
  quantity: number,
): LotTaken[] {
  const back = new Map<string, number>();
  for (const entry of alreadyReturned) back.set(entry.lot, (back.get(entry.lot) ?? 0) + entry.quantity);
  const result: LotTaken[] = [];
  let left = quantity;
  for (const entry of [...lineLots].reverse()) {
    if (left <= 0) break;
    const available = entry.quantity - (back.get(entry.lot) ?? 0);
    if (available <= 0) continue;
    const units = Math.min(available, left);
    result.push({ lot: entry.lot, quantity: units });
    left -= units;
    back.set(entry.lot, (back.get(entry.lot) ?? 0) + units);
  }
  return result;
}

export function lotsLabel(lots: readonly LotTaken[] | undefined, quantity: number): string {
  const entries = (lots ?? []).filter((entry) => entry.quantity > 0);
  const recorded = entries.reduce((sum, entry) => sum + entry.quantity, 0);
  const parts = entries.map((entry) => `lot ${entry.lot} × ${entry.quantity}`);
  if (recorded < quantity) parts.push(`${UNRECORDED_LOT} × ${quantity - recorded}`);
  const text = parts.join(", ");
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export interface Batch {
  product_id: number;
  lot: string;
  made_on: string;
  dried_on: string | null;
  expires_on: string | null;
  pao_months: number | null;
  inci_version: string;
  quantity: number;
  remaining: number;
  created_at: string;
}

export interface NewBatch {
  lot: string;
  made_on: string;
  dried_on?: string | null;
  expires_on?: string | null;
  pao_months?: number | null;
  inci_version: string;
  quantity: number;
}

export interface RecallEntry {
  order_id: string;
  order_number: string;
  ordered_at: string;
  customer_name: string;
  /** "" when the customer erased her account (decision record 017). */
  customer_email: string;
  quantity: number;
  notified_at: string | null;
  notified_email: string | null;
}
