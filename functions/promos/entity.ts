import { everyItem, itemKey } from "../platform/db/entities/shapes";
import { defineEntity } from "../platform/db/entity";
import { type EntityOf, entitySchema } from "../platform/db/entity-schema";

/** `discount_value` in hundredths (1500 = 15 % or 15,00 €); `usage_count` moves in the order's transaction. */
export const promoSchema = entitySchema({
  model: { entity: "promo", version: "1", service: "shop" },
  attributes: {
    id: { type: "string", required: true },
    code: { type: "string", required: true },
    description: { type: "string", default: "" },
    discount_type: { type: ["percentage", "fixed_amount"] as const, required: true },
    discount_value: { type: "number", required: true },
    min_order_cents: { type: "number", required: true },
    max_discount_cents: { type: "number" },
    usage_limit: { type: "number" },
    usage_count: { type: "number", required: true },
    max_uses_per_user: { type: "number", required: true },
    is_active: { type: "boolean", required: true },
    starts_at: { type: "string", required: true },
    expires_at: { type: "string" },
    /** False: the code leaves the lines in « Soldes ». Absent on codes made before the choice existed: they combine. */
    combines_with_soldes: { type: "boolean" },
    /** A used code the owner deleted stays, inactive, with its usage history. */
    archived_at: { type: "string" },
    created_at: { type: "string", required: true, readOnly: true },
    updated_at: { type: "string", required: true },
  },
  indexes: {
    byId: itemKey("id"),
    all: everyItem("gsi1", "created_at", "id"),
  },
});
export type PromoEntity = EntityOf<typeof promoSchema>;
export const promoEntity = defineEntity(promoSchema);

/** One per code, written with the promo in one transaction: codes are unique. */
export const promoCodeSchema = entitySchema({
  model: { entity: "promo_code", version: "1", service: "shop" },
  attributes: {
    code: { type: "string", required: true },
    promo_id: { type: "string", required: true },
  },
  indexes: {
    byCode: itemKey("code"),
  },
});
export type PromoCodeEntity = EntityOf<typeof promoCodeSchema>;
export const promoCodeEntity = defineEntity(promoCodeSchema);

/** How many times a customer used a promo on one Paris calendar day: the per-user-per-day limit's counter. */
export const promoDailyUseSchema = entitySchema({
  model: { entity: "promo_daily_use", version: "1", service: "shop" },
  attributes: {
    promo_id: { type: "string", required: true },
    user_id: { type: "string", required: true },
    day: { type: "string", required: true },
    count: { type: "number", required: true },
    expires_at_ttl: { type: "number" },
  },
  indexes: {
    byUserDay: itemKey("promo_id", "user_id", "day"),
  },
});
export type PromoDailyUseEntity = EntityOf<typeof promoDailyUseSchema>;
export const promoDailyUseEntity = defineEntity(promoDailyUseSchema);

export const promoUsageSchema = entitySchema({
  model: { entity: "promo_usage", version: "1", service: "shop" },
  attributes: {
    promo_id: { type: "string", required: true },
    order_id: { type: "string", required: true },
    user_id: { type: "string", required: true },
    discount_cents: { type: "number", required: true },
    used_at: { type: "string", required: true },
  },
  indexes: {
    byPromo: {
      pk: { field: "pk", composite: ["promo_id"] },
      sk: { field: "sk", composite: ["used_at", "order_id"] },
    },
  },
});
export type PromoUsageEntity = EntityOf<typeof promoUsageSchema>;
export const promoUsageEntity = defineEntity(promoUsageSchema);
