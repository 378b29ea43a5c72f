/**
 * The price that applies at an instant, and how every surface announces it (L112-1-1): the new price, the reference
 * price struck through with its mention, the whole percentage off rounded down, and the word « Soldes » or
 * « Promotion ». The €/kg follows the price that applies. The server decides with this; the pages print it.
 */
import { unitPriceLabel } from "../catalog/unit-price";
import { type Cents, centsToEuros, formatEuros } from "../money";
import type { ProductReduction } from "./in-force";
import { percentOff } from "./reference-price";
import { REDUCTION_KIND_LABELS, REFERENCE_MENTION } from "./words";

export { nextPriceChange, type PriceInForce, type ProductReduction, priceInForce } from "./in-force";

/** The same words on the product page, the home's cards, the cart, the checkout, the order, the invoice and mails. */
export interface PriceAnnouncement {
  price: string;
  unitPrice: string | null;
  reduction: { label: string; reference: string; percent: string; mention: string } | null;
}

/** A price and the reduction it is charged under: a product's now, or an order line's as it was charged. */
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
