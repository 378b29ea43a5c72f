import { type Cents, formatEuros } from "../money";

/**
 * Promo code rules (api.md "Promo codes"): valid when active, started, not expired, the subtotal reaches the
 * minimum, the global usage count is under the limit, and the customer used it fewer times today (Europe/Paris
 * day) than its per-user-per-day limit. The same limits are enforced again, atomically, in the order transaction.
 */
export interface PromoRules {
  code: string;
  discount_type: "percentage" | "fixed_amount";
  /** Hundredths: 1500 = 15 % for a percentage, 1500 = 15,00 € for a fixed amount. */
  discount_value: number;
  min_order_cents: Cents;
  max_discount_cents: Cents | null;
  usage_limit: number | null;
  usage_count: number;
  max_uses_per_user: number;
  is_active: boolean;
  starts_at: string;
  expires_at: string | null;
  /** False: the code leaves the lines in « Soldes » (the owner's choice; older codes combine). */
  combines_with_soldes: boolean;
}

export type PromoRejection =
  | "PROMO_INVALID"
  | "PROMO_NOT_STARTED"
  | "PROMO_EXPIRED"
  | "PROMO_MIN_ORDER"
  | "PROMO_EXHAUSTED"
  | "PROMO_USER_LIMIT"
  | "PROMO_SOLDES_EXCLUDED";

export const PROMO_INVALID_MESSAGE = "Code promo invalide";

export function promoRejectionMessage(
  reason: PromoRejection,
  promo?: Pick<PromoRules, "min_order_cents">,
): string {
  switch (reason) {
    case "PROMO_INVALID":
      return PROMO_INVALID_MESSAGE;
    case "PROMO_NOT_STARTED":
      return "Ce code promo n'est pas encore valable.";
    case "PROMO_EXPIRED":
      return "Ce code promo a expiré.";
    case "PROMO_MIN_ORDER":
      return `Ce code promo nécessite un minimum de commande de ${formatEuros(promo?.min_order_cents ?? 0)}.`;
    case "PROMO_EXHAUSTED":
      return "Ce code promo a atteint sa limite d'utilisation.";
    case "PROMO_USER_LIMIT":
      return "Vous avez déjà utilisé ce code promo aujourd'hui.";
    case "PROMO_SOLDES_EXCLUDED":
      return "Ce code ne s'applique pas aux articles soldés.";
  }
}

/**
 * A promo's terms in integer units: a percentage in hundredths of a percent (15 % = 1500), or cents. `withSoldes`
 * false: the lines in « Soldes » are left out of what the code discounts (pricing.ts promoBase).
 */
export type DiscountTerms = (
  | { type: "percentage"; basisPoints: number; maxDiscount: Cents | null }
  | { type: "fixed_amount"; amount: Cents }
) & { withSoldes?: false };

export function discountTerms(
  promo: Pick<PromoRules, "discount_type" | "discount_value" | "max_discount_cents"> & {
    combines_with_soldes?: boolean;
  },
): DiscountTerms {
  const scope = promo.combines_with_soldes === false ? { withSoldes: false as const } : {};
  return promo.discount_type === "percentage"
    ? {
        type: "percentage",
        basisPoints: promo.discount_value,
        maxDiscount: promo.max_discount_cents,
        ...scope,
      }
    : { type: "fixed_amount", amount: promo.discount_value, ...scope };
}

export interface PromoContext {
  /** The subtotal the code applies to (pricing.ts promoBase): its minimum is judged on it. */
  subtotal: Cents;
  /** Every line is in « Soldes ». */
  onlySoldes?: boolean;
  now: Date;
  /** How many times this customer used the code today (Paris day). */
  usesToday: number;
}

/** Why the promo cannot be applied, or null when it can. Checked in the order a customer would find useful. */
export function promoRejection(promo: PromoRules | null, context: PromoContext): PromoRejection | null {
  if (!promo?.is_active) return "PROMO_INVALID";
  const now = context.now.getTime();
  if (Date.parse(promo.starts_at) > now) return "PROMO_NOT_STARTED";
  if (promo.expires_at && Date.parse(promo.expires_at) <= now) return "PROMO_EXPIRED";
  if (promo.usage_limit !== null && promo.usage_count >= promo.usage_limit) return "PROMO_EXHAUSTED";
  if (context.usesToday >= promo.max_uses_per_user) return "PROMO_USER_LIMIT";
  if (context.onlySoldes && promo.combines_with_soldes === false) return "PROMO_SOLDES_EXCLUDED";
  if (context.subtotal < promo.min_order_cents) return "PROMO_MIN_ORDER";
  return null;
}

/** Codes are compared trimmed and in upper case (the admin form forces upper case). */
export function normalizePromoCode(code: string): string {
  return code.trim().toUpperCase();
}
