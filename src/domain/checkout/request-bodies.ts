/**
 * The order requests' bodies without zod: the islands import it. The server checks again; request-bodies.test.ts
 * keeps them in step with order.ts.
 */
import type { Cart } from "../cart/cart";
import { centsToEuros } from "../money";
import type { Totals } from "../orders/pricing";
import type { DeliveryChoice } from "./delivery";
import { type GuestForm, guestDetailsBody } from "./guest-form";
import { type AppliedPromo, unitPriceCents } from "./totals";

/** Spec 5: order notes, max 500 characters. */
export const ORDER_NOTES_LIMIT = 500;

export interface OrderRequestInput {
  cart: Cart;
  addressId: string;
  notes: string;
  promo: AppliedPromo | null;
  totals: Totals;
  delivery?: DeliveryChoice;
}

function deliveryFields(delivery: DeliveryChoice = { mode: "home" }) {
  return delivery.mode === "pickup"
    ? {
        delivery_mode: "pickup" as const,
        pickup_point_id: delivery.pointId,
        pickup_phone: delivery.phone.trim(),
      }
    : { delivery_mode: "home" as const };
}

/** Spec "Order creation payload"; the point is named by its id, the server copies it from its own search. */
export function orderRequestBody({ addressId, ...input }: OrderRequestInput) {
  const { items, ...rest } = orderBody(input);
  return { items, shipping_address_id: addressId, ...rest };
}

function orderBody({ cart, notes, promo, totals, delivery }: Omit<OrderRequestInput, "addressId">) {
  return {
    items: cart.map((item) => {
      const unit = unitPriceCents(item.price);
      return {
        product_id: item.id,
        product_name: item.name,
        product_image: item.image,
        quantity: item.quantity,
        unit_price: centsToEuros(unit),
        total_price: centsToEuros(unit * item.quantity),
      };
    }),
    order_notes: notes.trim() || null,
    promo_code_id: promo?.id ?? null,
    promo_discount_amount: promo ? centsToEuros(totals.discount) : null,
    total_amount: centsToEuros(totals.total),
    ...deliveryFields(delivery),
  };
}

/** A bank transfer, payment pending, with the name on the transfer. */
export function bankTransferOrderBody(input: OrderRequestInput & { senderName: string }) {
  return { ...orderRequestBody(input), ...transferFields(input) };
}

function transferFields(input: { totals: Totals; senderName: string }) {
  return {
    original_total: centsToEuros(input.totals.subtotal + input.totals.shipping),
    payment_method: "bank_transfer" as const,
    payment_status: "pending" as const,
    transfer_sender_name: input.senderName.trim(),
  };
}

export type GuestOrderRequestInput = Omit<OrderRequestInput, "addressId"> & { guest: GuestForm };

export function guestOrderRequestBody({ guest, ...input }: GuestOrderRequestInput) {
  return { ...orderBody(input), guest: guestDetailsBody(guest) };
}

export function guestBankTransferOrderBody(input: GuestOrderRequestInput & { senderName: string }) {
  return { ...guestOrderRequestBody(input), ...transferFields(input) };
}
