import { type Cents, centsToEuros } from "../money";
import type { DiscountTerms } from "../promos/promo";

/**
 * Order pricing (api.md "Pricing"), in integer cents throughout:
 * subtotal = Σ unit price × quantity; shipping = 0 from the free-shipping threshold, else the standard cost;
 * percentage discount = subtotal × rate rounded half up, capped by the promo's maximum; fixed discount =
 * min(value, subtotal); the discount never touches shipping; total = max(0, subtotal + shipping − discount).
 * A code that does not combine with « Soldes » discounts the subtotal of the other lines only (promoBase).
 */
export interface PricedLine {
  unitPriceCents: Cents;
  quantity: number;
  /** Charged at a « Soldes » price. */
  soldes?: boolean;
}

export interface ShippingRule {
  standardCost: Cents;
  freeThreshold: Cents;
}

export interface Totals {
  subtotal: Cents;
  shipping: Cents;
  discount: Cents;
  total: Cents;
}

export function subtotalOf(lines: readonly PricedLine[]): Cents {
  return lines.reduce((sum, line) => sum + line.unitPriceCents * line.quantity, 0);
}

/** What a promo code discounts: every line, or only those not in « Soldes » when it does not combine with them. */
export function promoBase(lines: readonly PricedLine[], terms: DiscountTerms | null): Cents {
  return subtotalOf(terms?.withSoldes === false ? lines.filter((line) => !line.soldes) : lines);
}

/** Every line is in « Soldes »: a code that does not combine with them has nothing to discount. */
export function onlySoldes(lines: readonly PricedLine[]): boolean {
  return lines.length > 0 && lines.every((line) => line.soldes);
}

export function shippingFor(subtotal: Cents, rule: ShippingRule): Cents {
  return subtotal >= rule.freeThreshold ? 0 : rule.standardCost;
}

/** Rounds a non-negative fraction numerator/denominator half up (0.5 -> 1). */
function divideHalfUp(numerator: number, denominator: number): number {
  return Math.floor((2 * numerator + denominator) / (2 * denominator));
}

export function discountFor(subtotal: Cents, terms: DiscountTerms | null): Cents {
  if (!terms || subtotal <= 0) return 0;
  if (terms.type === "fixed_amount") return Math.min(Math.max(terms.amount, 0), subtotal);
  const raw = divideHalfUp(subtotal * Math.max(terms.basisPoints, 0), 10_000);
  const capped = terms.maxDiscount === null ? raw : Math.min(raw, terms.maxDiscount);
  return Math.min(capped, subtotal);
}

export function priceOrder(
  lines: readonly PricedLine[],
  rule: ShippingRule,
  terms: DiscountTerms | null,
): Totals {
  const subtotal = subtotalOf(lines);
  const shipping = shippingFor(subtotal, rule);
  const discount = discountFor(promoBase(lines, terms), terms);
  return { subtotal, shipping, discount, total: Math.max(0, subtotal + shipping - discount) };
}

/** Totals as the API answers them (euros with 2 decimals): the new figures a PRICE_CHANGED refusal carries. */
export function totalsInEuros(totals: Totals) {
  return {
    subtotal_amount: centsToEuros(totals.subtotal),
    shipping_amount: centsToEuros(totals.shipping),
    discount_amount: centsToEuros(totals.discount),
    total_amount: centsToEuros(totals.total),
  };
}

/** Merges lines of the same product, so a stock check cannot be passed twice with two half lines. */
export function mergeLines<T extends { product_id: number; quantity: number }>(lines: readonly T[]): T[] {
  const merged = new Map<number, T>();
  for (const line of lines) {
    const existing = merged.get(line.product_id);
    merged.set(
      line.product_id,
      existing ? { ...existing, quantity: existing.quantity + line.quantity } : { ...line },
    );
  }
  return [...merged.values()];
}
