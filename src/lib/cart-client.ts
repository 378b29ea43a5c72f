/**
 * The cart's calls (the shipping settings its totals use, a promo code's check), apart from shop-client.ts: the cart
 * page and the checkout's store load them on their first call, so they stay off the pages' first scripts.
 */
import type { Cart } from "../domain/cart/cart";
import type { ShippingSettings } from "../domain/checkout/totals";
import type { ApiAnswer } from "./api/client";
import { apiGet } from "./api/read";

export function fetchShippingSettings(signal?: AbortSignal): Promise<ShippingSettings> {
  return apiGet("/api/settings/shipping", {}, signal);
}

export type PromoValidation = ApiAnswer<"/api/promo/validate", "post">;

/**
 * POST /api/promo/validate: `total_amount` is the cart's subtotal in euros; its lines let the server price them and
 * say which lines in « Soldes » a code leaves.
 */
export async function validatePromoCode(
  promoCode: string,
  totalAmount: number,
  cart: Cart,
): Promise<PromoValidation> {
  // The full client comes with the shopper's click, off the cart page's first scripts.
  const { api, unwrap } = await import("./api/client");
  const items = cart.map((item) => ({ product_id: item.id, quantity: item.quantity }));
  return unwrap(
    api.POST("/api/promo/validate", { body: { promo_code: promoCode, total_amount: totalAmount, items } }),
  );
}
