import { PAYMENT_STATUSES } from "../../src/domain/orders/order-status";
import {
  everyItem,
  itemKey,
  lotsAttribute,
  pickupPointAttributes,
  postalAddressAttributes,
} from "../platform/db/entities/shapes";
import { defineEntity } from "../platform/db/entity";
import { type EntityOf, entitySchema } from "../platform/db/entity-schema";

/** Lines, prices (cents) and address frozen when placed. `user_id` is checked on every customer read. */
export const orderSchema = entitySchema({
  model: { entity: "order", version: "1", service: "shop" },
  attributes: {
    id: { type: "string", required: true },
    user_id: { type: "string", required: true },
    customer_email: { type: "string", required: true },
    customer_name: { type: "string", default: "" },
    created_at: { type: "string", required: true, readOnly: true },
    updated_at: { type: "string", required: true },
    status: { type: ["pending", "confirmed", "shipped", "delivered", "cancelled"] as const, required: true },
    payment_method: { type: ["paypal", "bank_transfer"] as const, required: true },
    payment_status: { type: PAYMENT_STATUSES, required: true },
    items: {
      type: "list",
      required: true,
      items: {
        type: "map",
        properties: {
          product_id: { type: "number", required: true },
          product_name: { type: "string", required: true },
          product_image: { type: "string", required: true },
          unit_price_cents: { type: "number", required: true },
          quantity: { type: "number", required: true },
          lots: lotsAttribute,
          /** The reduction the unit price was charged under, as it was announced (decision record 054). */
          reduction: {
            type: "map",
            properties: {
              kind: { type: ["promotion", "soldes"] as const, required: true },
              reference_cents: { type: "number", required: true },
            },
          },
        },
      },
    },
    subtotal_cents: { type: "number", required: true },
    shipping_cents: { type: "number", required: true },
    discount_cents: { type: "number", required: true },
    total_cents: { type: "number", required: true },
    free_shipping_threshold_cents: { type: "number", required: true },
    promo_id: { type: "string" },
    promo_code: { type: "string" },
    /** Whose uses of the promo today the order counts (promoUseSubjectOf); absent on old orders: the user id. */
    promo_use_subject: { type: "string" },
    /** A guest's order: the subjects its unpaid units are counted under, taken off when paid or released. */
    unpaid_hold_subjects: { type: "list", items: { type: "string" } },

    shipping_address: {
      type: "map",
      required: true,
      properties: postalAddressAttributes,
    },
    /** The pick-up point as the search found it, with the mobile for La Poste's text. Absent: home delivery. */
    pickup_point: {
      type: "map",
      properties: { ...pickupPointAttributes, phone: { type: "string", required: true } },
    },
    order_notes: { type: "string" },
    transfer_reference: { type: "string" },
    transfer_sender_name: { type: "string" },
    /** The one reminder of an unpaid bank transfer, read by the owner's to-do list. */
    transfer_reminded_at: { type: "string" },
    paypal_order_id: { type: "string" },
    paypal_payer_id: { type: "string" },
    paypal_capture_id: { type: "string" },
    /** Bumped when the buyer's instrument is declined, so the next capture is a new PayPal request. */
    paypal_capture_attempt: { type: "number" },
    /** The hold-expiry job leaves the order alone while this is recent, and asks PayPal once it is old. */
    capture_started_at: { type: "string" },
    /** The PayPal refund of a capture that completed for an order already released (refunded automatically). */
    auto_refund_id: { type: "string" },
    /** The PayPal refund of a paid order the owner cancelled (made at once through PayPal's refund API). */
    paypal_refund_id: { type: "string" },
    /** Set when stock and promo use went back (cancellation, declined or expired payment): exactly once. */
    released_at: { type: "string" },
    invoice_number: { type: "string" },
    credit_note_number: { type: "string" },
    /** Returns and refunds after shipping, oldest first; `refunded_cents` is their sum, for the net revenue. */
    refunds: {
      type: "list",
      items: {
        type: "map",
        properties: {
          id: { type: "string", required: true },
          at: { type: "string", required: true },
          lines: {
            type: "list",
            required: true,
            items: {
              type: "map",
              properties: {
                index: { type: "number", required: true },
                product_id: { type: "number", required: true },
                product_name: { type: "string", required: true },
                quantity: { type: "number", required: true },
                restock: { type: "boolean", required: true },
                lots: lotsAttribute,
              },
            },
          },
          goods_cents: { type: "number", required: true },
          discount_cents: { type: "number", required: true },
          shipping_cents: { type: "number", required: true },
          amount_cents: { type: "number", required: true },
          method: { type: ["paypal", "bank_transfer"] as const, required: true },
          /** "due": a transfer the owner still has to send; "done": refunded (PayPal, or the transfer sent). */
          status: { type: ["due", "done"] as const, required: true },
          paypal_refund_id: { type: "string" },
          credit_note_number: { type: "string", required: true },
          done_at: { type: "string" },
          admin_id: { type: "string" },
        },
      },
    },
    refunded_cents: { type: "number" },
    /** Every change is conditioned on the version it was computed from. */
    version: { type: "number", default: 0 },
    shipping_company: { type: "string" },
    tracking_number: { type: "string" },
    estimated_delivery: { type: "string" },
    shipping_notes: { type: "string" },
    /** labels/<id>/<parcel>.pdf in the private documents storage. */
    shipping_label_key: { type: "string" },
    /** La Poste's events for the parcel, oldest first; French labels, UTC times. */
    tracking_events: {
      type: "list",
      items: {
        type: "map",
        properties: {
          code: { type: "string", required: true },
          label: { type: "string", required: true },
          at: { type: "string", required: true },
        },
      },
    },
    status_history: {
      type: "list",
      required: true,
      items: {
        type: "map",
        properties: {
          status: { type: "string", required: true },
          at: { type: "string", required: true },
        },
      },
    },
  },
  indexes: {
    byId: itemKey("id"),
    byUser: {
      index: "gsi1",
      pk: { field: "gsi1pk", composite: ["user_id"] },
      sk: { field: "gsi1sk", composite: ["created_at", "id"] },
    },
    all: everyItem("gsi2", "created_at", "id"),
  },
});
export type OrderEntity = EntityOf<typeof orderSchema>;
export const orderEntity = defineEntity(orderSchema);

/**
 * A client's Idempotency-Key, written in the order's transaction: a retried request finds the first order, and the
 * fingerprint tells a retry from another request under the same key (422). A guest's key keeps her first link's
 * salt (guest/links.ts): a replay answers that link again and makes none.
 */
export const idempotencyKeySchema = entitySchema({
  model: { entity: "idempotency_key", version: "1", service: "shop" },
  attributes: {
    user_id: { type: "string", required: true },
    key: { type: "string", required: true },
    order_id: { type: "string", required: true },
    fingerprint: { type: "string" },
    link_salt: { type: "string" },
    expires_at_ttl: { type: "number", required: true },
  },
  indexes: {
    byKey: itemKey("user_id", "key"),
    // Guests' keys share one user_id: an erasure finds its orders' keys among them by order_id.
    byUser: {
      index: "gsi1",
      pk: { field: "gsi1pk", composite: ["user_id"] },
      sk: { field: "gsi1sk", composite: ["key"] },
    },
  },
});
export type IdempotencyKeyEntity = EntityOf<typeof idempotencyKeySchema>;
export const idempotencyKeyEntity = defineEntity(idempotencyKeySchema);
