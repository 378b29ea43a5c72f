/**
 * The announcement of a price as the storefront reads it (euros, the API's `reduction`), in the words of
 * `priceAnnouncement`: the product page, the home's cards, the cart and the checkout print this. No zod, no framework:
 * the framework-free scripts and the cart page's inline script bundle it.
 */
import { eurosToCents } from "../money";
import { type PriceAnnouncement, priceAnnouncement } from "./price-in-force";
import { REDUCTION_KIND_LABELS, type ReductionKind } from "./words";

/** What a price shown to a shopper needs of the reduction in force: the API's `reduction` is one. */
export interface ReductionView {
  kind: ReductionKind;
  /** The reference price in euros: the lowest of the 30 days before the reduction. */
  reference: number;
}

export interface ShownPrice {
  /** The price in force, in euros. */
  price: number;
  reduction?: ReductionView | null;
  /** The nominal quantity, for the €/kg; 0 or absent when unknown. */
  grams?: number | null;
}

/** A reduction of a known kind with a positive reference price: a stored cart line's may be anything. */
function wellFormed(reduction: ReductionView | null | undefined): reduction is ReductionView {
  return (
    Object.hasOwn(REDUCTION_KIND_LABELS, reduction?.kind ?? "") &&
    typeof reduction?.reference === "number" &&
    reduction.reference > 0
  );
}

export function announcePrice({ price, reduction, grams }: ShownPrice): PriceAnnouncement {
  return priceAnnouncement(
    {
      price: eurosToCents(price),
      reduction: wellFormed(reduction)
        ? { kind: reduction.kind, reference: eurosToCents(reduction.reference) }
        : null,
    },
    grams || null,
  );
}
