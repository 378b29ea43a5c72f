/**
 * The price that applies at an instant, and how every surface announces it (L112-1-1): the new price, the reference
 * price struck through with its mention, the whole percentage off rounded down, and the word « Soldes » or
 * « Promotion ». The €/kg follows the price that applies. The server decides with this; the pages print it.
 */
import { unitPriceLabel } from "../catalog/unit-price";
import { type Cents, centsToEuros, formatEuros } from "../money";
import { percentOff } from "./reference-price";
import { REDUCTION_KIND_LABELS, REFERENCE_MENTION, type ReductionKind } from "./words";

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

/** The same words on the product page, the home's cards, the cart, the checkout, the order, the invoice and mails. */
export interface PriceAnnouncement {
  price: string;
  unitPrice: string | null;
  reduction: { label: string; reference: string; percent: string; mention: string } | null;
}

/** What an announcement needs: the price that applies and, under a reduction, its kind and reference price. */
export interface AnnouncedPrice {
  price: Cents;
  reduction: Pick<ProductReduction, "kind" | "reference"> | null;
}

export function priceAnnouncement(inForce: AnnouncedPrice, grams: number | null): PriceAnnouncement {
  const { price, reduction } = inForce;
  return {
    price: formatEuros(price),
    unitPrice: grams ? unitPriceLabel(centsToEuros(price), grams) : null,
    reduction: reduction && {
      label: REDUCTION_KIND_LABELS[reduction.kind],
      reference: formatEuros(reduction.reference),
      percent: `-${percentOff(reduction.reference, price)}\u00a0%`,
      mention: REFERENCE_MENTION,
    },
  };
}
