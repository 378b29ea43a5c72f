import { PAYMENT_STATUSES } from "../../src/domain/orders/order-status";
import {
  everyItem,
  itemKey,
  lotsAttribute,
  pickupPointAttributes,
  postalAddressAttributes,
} from "../platform/db/entities/shapes";
import { type EntityOf, entitySchema } from "../platform/db/entity-schema";

/**
 * An order, with its lines, prices (cents) and delivery address frozen at the time it was placed.
 * `user_id` is part of the customer index and checked on every customer read.
 */
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
          /** The lots the units came from. */
          lots: lotsAttribute,
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
    /**
     * Whose uses of the promo today the order counts (promoUseSubjectOf: a customer's account e-mail, a guest's
     * e-mail with her delivery address); absent on orders placed before issue 32, which counted the user id.
     */
    promo_use_subject: { type: "string" },
    /**
     * A guest's order: the subjects its unpaid units are counted under (her e-mail, her delivery address:
     * src/domain/orders/unpaid-holds.ts), taken off when it is paid or released.
     */
    unpaid_hold_subjects: { type: "list", items: { type: "string" } },

    shipping_address: {
      type: "map",
      required: true,
      properties: postalAddressAttributes,
    },
    /**
     * Issue 31: the pick-up point the parcel goes to, as the search found it when the order was placed, with the
     * customer's mobile for La Poste's text. Absent: home delivery, to shipping_address.
     */
    pickup_point: {
      type: "map",
      properties: { ...pickupPointAttributes, phone: { type: "string", required: true } },
    },
    order_notes: { type: "string" },
    transfer_reference: { type: "string" },
    transfer_sender_name: { type: "string" },
    /** When the one reminder of an unpaid bank transfer went out (ISO; services/transfer-follow-up.ts), read by the
     * owner's to-do list. */
    transfer_reminded_at: { type: "string" },
    paypal_order_id: { type: "string" },
    paypal_payer_id: { type: "string" },
    paypal_capture_id: { type: "string" },
    /** Bumped when the buyer's instrument is declined, so the next capture is a new PayPal request. */
    paypal_capture_attempt: { type: "number" },
    /**
     * When a capture was last started at PayPal: the hold-expiry job leaves the order alone while it is recent, and
     * asks PayPal (reconciliation) once it is old.
     */
    capture_started_at: { type: "string" },
    /** The PayPal refund of a capture that completed for an order already released (refunded automatically). */
    auto_refund_id: { type: "string" },
    /** The PayPal refund of a paid order the owner cancelled (made at once through PayPal's refund API). */
    paypal_refund_id: { type: "string" },
    /** Set when stock and promo use went back (cancellation, declined or expired payment): exactly once. */
    released_at: { type: "string" },
    /** Set in the same transaction that records the payment (and, for a credit note, the cancellation). */
    invoice_number: { type: "string" },
    credit_note_number: { type: "string" },
    /**
     * Returns and refunds after shipping (services/refunds.ts), oldest first: each with its lines, its amount, its
     * credit note and how it was paid back. `refunded_cents` is their sum, for the dashboard's net revenue.
     */
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
                /** The lots the units put back on sale went back to. */
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
    /** Incremented by every change; each change is conditioned on the version it was computed from. */
    version: { type: "number", default: 0 },
    shipping_company: { type: "string" },
    tracking_number: { type: "string" },
    estimated_delivery: { type: "string" },
    shipping_notes: { type: "string" },
    /** The Colissimo label's PDF in the private documents storage (issue 31: labels/<id>/<parcel>.pdf). */
    shipping_label_key: { type: "string" },
    /** La Poste's events for the parcel (issue 31, the tracking job), oldest first; French labels, UTC times. */
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
    // All orders, newest first (admin list with paging).
    all: everyItem("gsi2", "created_at", "id"),
  },
});
export type OrderEntity = EntityOf<typeof orderSchema>;

/**
 * A client's Idempotency-Key, written in the order's transaction: a retried request finds the first order. The
 * fingerprint (place-order/fingerprint.ts) tells a retry from another request under the same key (422); keys
 * written before it have none and replay as before (they expire within a day). A guest's keys are kept together,
 * whatever her e-mail (idempotencyScope), with the salt her first link's token was derived from (guest/links.ts):
 * a replay answers that link again and makes none.
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
    // Keys by whose they are; guests' keys share one user_id (idempotencyScope): an erasure finds its orders' keys
    // among them by order_id (decision record 017).
    byUser: {
      index: "gsi1",
      pk: { field: "gsi1pk", composite: ["user_id"] },
      sk: { field: "gsi1sk", composite: ["key"] },
    },
  },
});
export type IdempotencyKeyEntity = EntityOf<typeof idempotencyKeySchema>;
