/**
 * The order as it is stored, made from the decision: pending / pending, the lines and totals frozen with
 * their lots, the address and the pick-up point copied, a guest's unpaid-hold subjects.
 */

import { isGuestUserId } from "../../accounts/guest-account";
import { allocateLots, type LotTaken } from "../../batches/batches";
import { mainImage } from "../../catalog/product-photos";
import type { Cents } from "../../money";
import type { PriceInForce } from "../../reductions/in-force";
import type { ReductionKind } from "../../reductions/words";
import { promoUseSubjectOf } from "../guest";
import type { PaymentMethod } from "../order-status";
import type { OrderPickupPoint } from "../pickup-point";
import type { Totals } from "../pricing";
import { unpaidHoldSubjects } from "../unpaid-holds";
import type { OrderAddress, OrderInputs, OrderProduct } from "./inputs";

/** The order as it is stored: pending / pending, the lines and totals frozen, the address copied. */
export interface PlannedOrder {
  id: string;
  user_id: string;
  customer_email: string;
  customer_name: string;
  created_at: string;
  updated_at: string;
  status: "pending";
  payment_method: PaymentMethod;
  payment_status: "pending";
  items: {
    product_id: number;
    product_name: string;
    product_image: string;
    unit_price_cents: Cents;
    quantity: number;
    lots?: LotTaken[];
    /** The reduction the unit price was charged under, announced with its reference price (decision record 054). */
    reduction?: { kind: ReductionKind; reference_cents: Cents };
  }[];
  subtotal_cents: Cents;
  shipping_cents: Cents;
  discount_cents: Cents;
  total_cents: Cents;
  free_shipping_threshold_cents: Cents;
  promo_id?: string;
  promo_code?: string;
  /** Whose uses of the promo today this order counts (promoUseSubjectOf), given back if it is released. */
  promo_use_subject?: string;
  /** A guest's order: the subjects its unpaid units count under (unpaidHoldSubjects), given back when paid or released. */
  unpaid_hold_subjects?: string[];
  shipping_address: Omit<OrderAddress, "address_line2"> & { address_line2?: string };
  /** The pick-up point the parcel goes to (absent: home delivery). */
  pickup_point?: Omit<OrderPickupPoint, "address_line2" | "opening_hours"> & {
    address_line2?: string;
    /** One string a day (packedHours). */
    opening_hours: string[];
  };
  order_notes?: string;
  transfer_reference?: string;
  transfer_sender_name?: string;
  status_history: { status: "pending"; at: string }[];
}

/** What the order sells: each product, once, how many of it, and its price in force at the order's instant. */
export type Sold = { product: OrderProduct; quantity: number; charged: PriceInForce }[];

/** The order as it is stored, from the decision: pending / pending, lines and totals frozen, the address copied. */
export function orderRecord(
  inputs: OrderInputs,
  sold: Sold,
  address: OrderAddress,
  {
    totals,
    freeThreshold,
    promo,
    pickup,
  }: {
    totals: Totals;
    freeThreshold: Cents;
    promo: { id: string; code: string } | null;
    pickup: PlannedOrder["pickup_point"] | null;
  },
): PlannedOrder {
  const { user, request } = inputs;
  const createdAt = inputs.now.toISOString();
  const lots = new Map(
    sold.map(({ product, quantity }) => [
      product.id,
      allocateLots(inputs.batches.get(product.id) ?? [], quantity),
    ]),
  );
  return {
    id: inputs.id,
    user_id: user.id,
    customer_email: user.email,
    customer_name: user.full_name ?? "",
    created_at: createdAt,
    updated_at: createdAt,
    status: "pending",
    payment_method: inputs.paymentMethod,
    payment_status: "pending",
    items: sold.map(({ product, quantity, charged }) => {
      const taken = lots.get(product.id) ?? [];
      const { reduction } = charged;
      return {
        product_id: product.id,
        product_name: product.name,
        product_image: mainImage(product),
        unit_price_cents: charged.price,
        quantity,
        ...(taken.length && { lots: taken }),
        ...(reduction && { reduction: { kind: reduction.kind, reference_cents: reduction.reference } }),
      };
    }),
    subtotal_cents: totals.subtotal,
    shipping_cents: totals.shipping,
    discount_cents: totals.discount,
    total_cents: totals.total,
    free_shipping_threshold_cents: freeThreshold,
    promo_id: promo?.id,
    promo_code: promo?.code,
    promo_use_subject: promo ? promoUseSubjectOf(user, address) : undefined,
    ...(isGuestUserId(user.id) && {
      unpaid_hold_subjects: unpaidHoldSubjects({
        user_id: user.id,
        customer_email: user.email,
        shipping_address: address,
      }),
    }),
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
    ...(pickup && { pickup_point: pickup }),
    order_notes: request.order_notes ?? undefined,
    transfer_reference: inputs.paymentMethod === "bank_transfer" ? `CMD-${inputs.id.slice(-8)}` : undefined,
    transfer_sender_name: inputs.transferSenderName,
    status_history: [{ status: "pending", at: createdAt }],
  };
}
