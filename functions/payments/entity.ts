import { itemKey } from "../platform/db/entities/shapes";
import { defineEntity } from "../platform/db/entity";
import { type EntityOf, entitySchema } from "../platform/db/entity-schema";

/** PayPal order id -> our order id (the capture call and PayPal's webhooks name PayPal's id). */
export const paypalLinkSchema = entitySchema({
  model: { entity: "paypal_link", version: "1", service: "shop" },
  attributes: {
    paypal_order_id: { type: "string", required: true },
    order_id: { type: "string", required: true },
  },
  indexes: {
    byPaypalId: itemKey("paypal_order_id"),
  },
});
export type PaypalLinkEntity = EntityOf<typeof paypalLinkSchema>;
export const paypalLinkEntity = defineEntity(paypalLinkSchema);

/** A PayPal webhook event already applied: created once per event id, so a redelivery changes nothing. */
export const webhookEventSchema = entitySchema({
  model: { entity: "webhook_event", version: "1", service: "shop" },
  attributes: {
    id: { type: "string", required: true },
    type: { type: "string", required: true },
    received_at: { type: "string", required: true },
  },
  indexes: {
    byId: itemKey("id"),
  },
});
export type WebhookEventEntity = EntityOf<typeof webhookEventSchema>;
export const webhookEventEntity = defineEntity(webhookEventSchema);
