/**
 * A product's reductions as they are stored on it, and what scheduling, cancelling or stopping one does to them and
 * to the product's price history (decision record 054). Pure: the reductions feature reads the product and its
 * history, decides here, and writes the outcome in one transaction.
 *
 * A reduction's two history lines are written when it is scheduled, dated at its start and its end: the owner's price
 * cannot change while a reduction is scheduled or running, so they are what will be applied. The reference price of a
 * reduction not yet started is recomputed whenever an earlier one is added or removed, since it falls in its 30 days.
 */
import type { Cents } from "../money";
import { parisLongDate } from "../paris-wall-time";
import { type ReductionInput, reducedPrice, reductionRefusals } from "./reduction";
import { type PriceChange, percentOff, REFERENCE_DAYS, referencePrice } from "./reference-price";
import { reductionStatus, type StoredReduction } from "./stored";

export { holdsThePrice, type ReductionStatus, reductionStatus, type StoredReduction } from "./stored";

export interface HistoryLine extends PriceChange {
  id: string;
}

export interface ProductReductions {
  id: number;
  name: string;
  price_cents: Cents;
  created_at: string;
  reductions: readonly StoredReduction[];
  history: readonly HistoryLine[];
}

export interface ReductionOutcome {
  reductions: StoredReduction[];
  add: HistoryLine[];
  remove: HistoryLine[];
}

const DAY_MS = 86_400_000;
const day = parisLongDate;

/** Every reduction not yet started takes the reference price of the history as it will be; started ones keep theirs. */
function withReferences(
  reductions: readonly StoredReduction[],
  history: readonly PriceChange[],
  now: Date,
): StoredReduction[] {
  return reductions
    .map((reduction) => {
      if (reductionStatus(reduction, now) !== "scheduled") return reduction;
      const reference = referencePrice(history, new Date(reduction.starts_at));
      return { ...reduction, reference_cents: reference ?? reduction.price_cents };
    })
    .sort((a, b) => Date.parse(a.starts_at) - Date.parse(b.starts_at));
}

/**
 * The first line of a product created before the history existed is dated when it was written: the prices before it
 * are unknown, and one of them may have been lower. Such a product may be reduced only 30 days after that line.
 */
function historyRefusal(product: ProductReductions, start: Date): string | null {
  const first = [...product.history].sort((a, b) => Date.parse(a.from) - Date.parse(b.from))[0];
  if (!first)
    return `« ${product.name} » n'a pas encore d'historique de prix : réessayez dans quelques minutes.`;
  if (first.reason !== "recorded") return null;
  const known = new Date(Date.parse(first.from) + REFERENCE_DAYS * DAY_MS);
  return start < known
    ? `« ${product.name} » : ses prix ne sont connus que depuis le ${day(new Date(first.from))}, une réduction ne peut commencer qu'à partir du ${day(known)}.`
    : null;
}

/** Schedules `input` (its id and line ids given) on one product, or says why not, in French. */
export function scheduleOnProduct(
  product: ProductReductions,
  input: ReductionInput,
  ids: { reduction: string; startLine: string; endLine: string },
  now: Date,
): { refusals: string[] } | { outcome: ReductionOutcome } {
  const start = new Date(input.starts_at);
  const end = new Date(input.ends_at);
  const price = reducedPrice(product.price_cents, input.change);
  const add: HistoryLine[] = [
    { id: ids.startLine, price, from: start.toISOString(), reason: "reduction_start" },
    { id: ids.endLine, price: product.price_cents, from: end.toISOString(), reason: "reduction_end" },
  ];
  const history = [...product.history, ...add];
  const refusals = reductionRefusals(
    input,
    [
      {
        id: product.id,
        name: product.name,
        price: product.price_cents,
        reference: referencePrice(history, start),
        onSaleSince: new Date(product.created_at),
        scheduled: product.reductions
          .filter((other) => new Date(other.ends_at) > now)
          .map((other) => ({
            start: new Date(other.starts_at),
            end: new Date(other.ends_at),
            kind: other.kind,
          })),
      },
    ],
    now,
  );
  const unknownPrices = historyRefusal(product, start);
  if (unknownPrices) refusals.push(unknownPrices);
  if (start < now) refusals.push("Le début est passé : choisissez un début à venir.");
  if (refusals.length) return { refusals };

  const added: StoredReduction = {
    id: ids.reduction,
    kind: input.kind,
    starts_at: start.toISOString(),
    ends_at: end.toISOString(),
    price_cents: price,
    reference_cents: 0,
    start_line: ids.startLine,
    end_line: ids.endLine,
  };
  const reductions = withReferences([...product.reductions, added], history, now);
  // A later reduction whose 30 days now hold this one's lower price may no longer be a reduction.
  const spoiled = reductions.filter(
    (other) => other.id !== added.id && percentOff(other.reference_cents, other.price_cents) < 1,
  );
  if (spoiled.length)
    return {
      refusals: spoiled.map(
        (other) =>
          `« ${product.name} » : la réduction du ${day(new Date(other.starts_at))} ne serait plus inférieure à son prix de référence (le plus bas des 30 jours précédents) : choisissez d'autres dates.`,
      ),
    };
  return { outcome: { reductions, add, remove: [] } };
}

/**
 * Cancels a reduction not yet started (it and its lines go), or stops a running one now (its end line moves to now).
 * Null when it is over or unknown on this product.
 */
export function withdrawFromProduct(
  product: ProductReductions,
  reductionId: string,
  endLine: string,
  now: Date,
): ReductionOutcome | null {
  const reduction = product.reductions.find((candidate) => candidate.id === reductionId);
  if (!reduction) return null;
  const status = reductionStatus(reduction, now);
  if (status === "ended") return null;
  const lines = (ids: string[]) => product.history.filter((line) => ids.includes(line.id));
  if (status === "scheduled") {
    const remove = lines([reduction.start_line, reduction.end_line]);
    const history = product.history.filter((line) => !remove.includes(line));
    const rest = product.reductions.filter((other) => other.id !== reductionId);
    return { reductions: withReferences(rest, history, now), add: [], remove };
  }
  const remove = lines([reduction.end_line]);
  const moved: HistoryLine = {
    id: endLine,
    price: product.price_cents,
    from: now.toISOString(),
    reason: "reduction_end",
  };
  const history = [...product.history.filter((line) => !remove.includes(line)), moved];
  const stopped = product.reductions.map((other) =>
    other.id === reductionId ? { ...other, ends_at: now.toISOString(), end_line: endLine } : other,
  );
  return { reductions: withReferences(stopped, history, now), add: [moved], remove };
}
