/**
 * The cart's and checkout's totals without zod, priced with pricing.ts as the server prices an order; the server
 * prices again, and totals.test.ts keeps the copies in step.
 */
import type { Cart } from "../cart/cart";
import { type Cents, eurosToCents } from "../money";
import { discountFor, priceOrder, type Totals } from "../orders/pricing";
import type { DiscountTerms } from "../promos/promo";

/** The spec's defaults until it answered (section 9). */
export interface ShippingSettings {
  standard_cost: number;
  free_shipping_threshold: number;
}
export const defaultShippingSettings: ShippingSettings = { standard_cost: 7.8, free_shipping_threshold: 100 };

/** As POST /api/promo/validate answers it, plus the subtotal it was validated for. */
export interface AppliedPromo {
  id: string;
  code: string;
  discount_type: "percentage" | "fixed_amount";
  discount_value: number;
  discount_amount: number;
  subtotal_amount?: number;
  /** The cart's products in « Soldes » the code leaves, and the subtotal it applied to (euros), as the server said. */
  excluded_product_ids?: number[];
  eligible_amount?: number;
}

const isFiniteNonNegative = (value: unknown): value is number =>
  typeof value === "number" && Number.isFinite(value) && value >= 0;

/** Anything malformed is no promo. */
export function parseStoredPromo(value: unknown): AppliedPromo | null {
  if (typeof value !== "object" || value === null) return null;
  const promo = value as Record<string, unknown>;
  if (
    typeof promo.id !== "string" ||
    !promo.id ||
    typeof promo.code !== "string" ||
    !promo.code ||
    (promo.discount_type !== "percentage" && promo.discount_type !== "fixed_amount") ||
    !isFiniteNonNegative(promo.discount_value) ||
    !isFiniteNonNegative(promo.discount_amount)
  ) {
    return null;
  }
  return {
    id: promo.id,
    code: promo.code,
    discount_type: promo.discount_type,
    discount_value: promo.discount_value,
    discount_amount: promo.discount_amount,
    ...(isFiniteNonNegative(promo.subtotal_amount) && { subtotal_amount: promo.subtotal_amount }),
    ...(Array.isArray(promo.excluded_product_ids) &&
      promo.excluded_product_ids.every(Number.isInteger) && {
        excluded_product_ids: promo.excluded_product_ids as number[],
      }),
    ...(isFiniteNonNegative(promo.eligible_amount) && { eligible_amount: promo.eligible_amount }),
  };
}

/**
 * The browser does not know a percentage's cap: a server discount below the plain percentage is the cap. A code the
 * server said leaves some lines in « Soldes » does not combine with them.
 */
export function promoTerms(promo: AppliedPromo): DiscountTerms {
  const scope = promo.excluded_product_ids?.length ? { withSoldes: false as const } : {};
  if (promo.discount_type === "fixed_amount") {
    return { type: "fixed_amount", amount: eurosToCents(promo.discount_value), ...scope };
  }
  const basisPoints = eurosToCents(promo.discount_value);
  const served = eurosToCents(promo.discount_amount);
  let maxDiscount: Cents | null = null;
  const validatedBase = promo.eligible_amount ?? promo.subtotal_amount;
  if (validatedBase !== undefined) {
    const uncapped = discountFor(eurosToCents(validatedBase), {
      type: "percentage",
      basisPoints,
      maxDiscount: null,
    });
    if (served < uncapped) maxDiscount = served;
  }
  return { type: "percentage", basisPoints, maxDiscount, ...scope };
}

export function shippingRule(settings: ShippingSettings) {
  return {
    standardCost: eurosToCents(settings.standard_cost),
    freeThreshold: eurosToCents(settings.free_shipping_threshold),
  };
}

export function unitPriceCents(price: string): Cents {
  const euros = Number(price);
  return Number.isFinite(euros) ? eurosToCents(euros) : 0;
}

/** The lines a code leaves are the ones the server named: the browser does not know which are in « Soldes ». */
export function cartTotals(cart: Cart, shipping: ShippingSettings, promo: AppliedPromo | null): Totals {
  const excluded = new Set(promo?.excluded_product_ids);
  const lines = cart.map((item) => ({
    unitPriceCents: unitPriceCents(item.price),
    quantity: item.quantity,
    soldes: excluded.has(item.id),
  }));
  return priceOrder(lines, shippingRule(shipping), promo ? promoTerms(promo) : null);
}

export function freeShippingRemaining(subtotal: Cents, shipping: ShippingSettings): Cents {
  return Math.max(0, eurosToCents(shipping.free_shipping_threshold) - subtotal);
}

export function promoNeedsRevalidation(promo: AppliedPromo, subtotal: Cents): boolean {
  return promo.subtotal_amount === undefined || eurosToCents(promo.subtotal_amount) !== subtotal;
}

/** Null when the body lacks them. */
export function totalsFromPriceChange(details: Readonly<Record<string, unknown>>): Totals | null {
  const totals = details.totals;
  if (typeof totals !== "object" || totals === null) return null;
  const t = totals as Record<string, unknown>;
  const fields = ["subtotal_amount", "shipping_amount", "discount_amount", "total_amount"] as const;
  if (!fields.every((field) => isFiniteNonNegative(t[field]))) return null;
  return {
    subtotal: eurosToCents(t.subtotal_amount as number),
    shipping: eurosToCents(t.shipping_amount as number),
    discount: eurosToCents(t.discount_amount as number),
    total: eurosToCents(t.total_amount as number),
  };
}
