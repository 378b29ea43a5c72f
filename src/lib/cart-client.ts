/**
 * The cart's calls (the shipping settings its totals use, a promo code's check), apart from shop-client.ts: the cart
 * page and the checkout's store load them on their first call, so they stay off the pages' first scripts.
 */
import type { ShippingSettings } from "../domain/checkout/totals";
import { type ApiAnswer, api, unwrap } from "./api/client";

export function fetchShippingSettings(signal?: AbortSignal): Promise<ShippingSettings> {
  return unwrap(api.GET("/api/settings/shipping", { signal }));
}

export type PromoValidation = ApiAnswer<"/api/promo/validate", "post">;

/** POST /api/promo/validate: `total_amount` is the cart's subtotal in euros. */
export function validatePromoCode(promoCode: string, totalAmount: number): Promise<PromoValidation> {
  return unwrap(
    api.POST("/api/promo/validate", { body: { promo_code: promoCode, total_amount: totalAmount } }),
  );
}
