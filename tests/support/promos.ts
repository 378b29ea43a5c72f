/**
 * The owner's promo form as the admin panel sends it (POST and PUT /api/admin/promo): 10 % off, once per customer,
 * from 1 January 2026 with no end. The code is in lower case on purpose: the API stores it in upper case.
 */
export const PROMO_FORM = {
  code: "noel",
  description: "Noël",
  discount_type: "percentage",
  discount_value: 10,
  min_order_amount: 0,
  max_discount_amount: null,
  usage_limit: null,
  max_uses_per_user: 1,
  is_active: true,
  starts_at: "2026-01-01T00:00:00.000Z",
  expires_at: null,
};
