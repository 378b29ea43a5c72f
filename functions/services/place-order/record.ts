import type { LotTaken } from "../../../src/domain/batches";
import type { PaymentMethod } from "../../../src/domain/order-status";
import { mainImage } from "../../../src/domain/product-photos";
import type { AuthUser } from "../auth";
import type { OrderRecord } from "../orders";
import type { Quote } from "./quote";

export interface NewOrder {
  id: string;
  user: AuthUser;
  quote: Quote;
  paymentMethod: PaymentMethod;
  orderNotes?: string | null;
  /** Bank transfer: the name of the person who will send the transfer. */
  transferSenderName?: string;
  createdAt: string;
  /** The lots each product's units are taken from (decision record 018); none recorded: no lots on the line. */
  lots?: ReadonlyMap<number, readonly LotTaken[]>;
}

/** The order as it is stored: pending / pending, the lines and totals frozen, the address copied. */
export function newOrderRecord({
  id,
  user,
  quote,
  paymentMethod,
  orderNotes,
  transferSenderName,
  createdAt,
  lots,
}: NewOrder): OrderRecord {
  const { lines, totals, shippingRule, promo, address } = quote;
  return {
    id,
    user_id: user.id,
    customer_email: user.email,
    customer_name: user.full_name ?? "",
    created_at: createdAt,
    updated_at: createdAt,
    status: "pending",
    payment_method: paymentMethod,
    payment_status: "pending",
    items: lines.map(({ product, quantity, unitPriceCents }) => ({
      product_id: product.id,
      product_name: product.name,
      product_image: mainImage(product),
      unit_price_cents: unitPriceCents,
      quantity,
      ...(lots?.get(product.id)?.length && { lots: lots.get(product.id)?.map((entry) => ({ ...entry })) }),
    })),
    subtotal_cents: totals.subtotal,
    shipping_cents: totals.shipping,
    discount_cents: totals.discount,
    total_cents: totals.total,
    free_shipping_threshold_cents: shippingRule.freeThreshold,
    promo_id: promo?.id,
    promo_code: promo?.code,
    shipping_address: {
      first_name: address.first_name,
      last_name: address.last_name,
      phone: address.phone,
      address_line1: address.address_line1,
      address_line2: address.address_line2 || undefined,
      city: address.city,
      postal_code: address.postal_code,
      country: address.country,
    },
    order_notes: orderNotes ?? undefined,
    transfer_reference: paymentMethod === "bank_transfer" ? `CMD-${id.slice(-8)}` : undefined,
    transfer_sender_name: transferSenderName,
    status_history: [{ status: "pending", at: createdAt }],
  };
}
