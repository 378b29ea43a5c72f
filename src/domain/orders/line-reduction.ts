/**
 * An order line's reduction, announced in the words the pages used when it was charged (L112-1-1): the unit price
 * charged, the reference price struck through with its mention, the whole percentage off and « Soldes » or
 * « Promotion ». The line keeps the kind and the reference price; the words come from priceAnnouncement.
 */
import { type Cents, centsToEuros, eurosToCents } from "../money";
import { priceAnnouncement } from "../reductions/price-in-force";
import { percentOff } from "../reductions/reference-price";
import type { ReductionKind } from "../reductions/words";

/** As an order line stores it. */
export interface LineReduction {
  kind: ReductionKind;
  reference_cents: Cents;
}

/** As the order API answers it: the reference price in euros, the whole percentage off. */
export interface LineReductionView {
  kind: ReductionKind;
  reference: number;
  percent: number;
}

export interface LineAnnouncement {
  label: string;
  percent: string;
  /** The unit price charged. */
  price: string;
  /** Struck through wherever the medium allows it. */
  reference: string;
  mention: string;
}

/** A reference not above the price charged announces nothing: a reduction is never shown that the price did not give. */
const announced = (
  unitPrice: Cents,
  reduction: LineReduction | null | undefined,
): reduction is LineReduction =>
  Boolean(reduction) && percentOff((reduction as LineReduction).reference_cents, unitPrice) >= 1;

/** The order API's view of a stored line's reduction, or undefined. */
export function lineReductionView(
  unitPrice: Cents,
  reduction: LineReduction | null | undefined,
): LineReductionView | undefined {
  if (!announced(unitPrice, reduction)) return undefined;
  return {
    kind: reduction.kind,
    reference: centsToEuros(reduction.reference_cents),
    percent: percentOff(reduction.reference_cents, unitPrice),
  };
}

/** The words of a line charged `unitPrice` (cents) under `reduction`, or null. */
export function lineAnnouncement(
  unitPrice: Cents,
  reduction: LineReduction | null | undefined,
): LineAnnouncement | null {
  if (!announced(unitPrice, reduction)) return null;
  const words = priceAnnouncement(
    { price: unitPrice, reduction: { kind: reduction.kind, reference: reduction.reference_cents } },
    null,
  );
  return words.reduction && { ...words.reduction, price: words.price };
}

/** The words of an order's item as the API answers it (euros), or null. */
export function orderItemAnnouncement(item: {
  unit_price: number;
  reduction?: Pick<LineReductionView, "kind" | "reference"> | null;
}): LineAnnouncement | null {
  const { reduction } = item;
  return lineAnnouncement(
    eurosToCents(item.unit_price),
    reduction && { kind: reduction.kind, reference_cents: eurosToCents(reduction.reference) },
  );
}

/**
 * « Soldes -20 % : 10,00 € au lieu de », which the reference follows, struck through where the medium allows it: the
 * words « au lieu de » keep the line right where it does not (a mail's text part) and for a screen reader.
 */
export function announcementLead(words: LineAnnouncement): string {
  return `${words.label} ${words.percent} : ${words.price} au lieu de`;
}

/** « Soldes -20 % : 10,00 € au lieu de 12,50 € ». */
export function announcementText(words: LineAnnouncement): string {
  return `${announcementLead(words)} ${words.reference}`;
}
