/**
 * The body of the order requests, a customer's and a guest's, without zod (the islands import this file).
 * The server prices and checks everything again; request-bodies.test.ts keeps the bodies below in step with its
 * schemas (order.ts).
 */
import type { Cart } from "../../cart/cart";
import { centsToEuros } from "../../money";
import type { Totals } from "../pricing";
import type { DeliveryChoice } from "./delivery";
import { type GuestForm, guestDetailsBody } from "./guest-form";
import { type AppliedPromo, unitPriceCents } from "./totals";

/** Same limit as order.ts (spec 5: order notes, max 500 characters). */
export const ORDER_NOTES_LIMIT = 500;

export interface OrderRequestInput {
  cart: Cart;
  addressId: string;
  notes: string;
  promo: AppliedPromo | null;
  totals: Totals;
  /** Home delivery when absent. */
  delivery?: DeliveryChoice;
}

/** The delivery's fields of an order request: the mode, and for a pick-up point its id and the mobile. */
function deliveryFields(delivery: DeliveryChoice = { mode: "home" }) {
  return delivery.mode === "pickup"
    ? {
        delivery_mode: "pickup" as const,
        pickup_point_id: delivery.pointId,
        pickup_phone: delivery.phone.trim(),
      }
    : { delivery_mode: "home" as const };
}

/**
 * Body of POST /api/paypal-payment/create-order (spec "Order creation payload"); the server reads only the
 * product ids and quantities of the lines, the address, the notes, the promo, the delivery (the point is
 * the server's copy of what its search found, named by its id) and the total the customer saw.
 */
export function orderRequestBody({ addressId, ...input }: OrderRequestInput) {
  const { items, ...rest } = orderBody(input);
  return { items, shipping_address_id: addressId, ...rest };
}

/** What every order request carries, whoever orders: the lines, the notes, the promo, the total seen, the delivery. */
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

/** Body of POST /api/orders: a bank transfer, payment pending, with the name on the transfer. */
export function bankTransferOrderBody(input: OrderRequestInput & { senderName: string }) {
  return { ...orderRequestBody(input), ...transferFields(input) };
}

/** What a bank transfer adds to an order request, a customer's or a guest's. */
function transferFields(input: { totals: Totals; senderName: string }) {
  return {
    original_total: centsToEuros(input.totals.subtotal + input.totals.shipping),
    payment_method: "bank_transfer" as const,
    payment_status: "pending" as const,
    transfer_sender_name: input.senderName.trim(),
  };
}

/** A guest's order request: the customer's body without the address book's id, with her details. */
export type GuestOrderRequestInput = Omit<OrderRequestInput, "addressId"> & { guest: GuestForm };

/** Body of POST /api/guest/paypal-payment/create-order. */
export function guestOrderRequestBody({ guest, ...input }: GuestOrderRequestInput) {
  return { ...orderBody(input), guest: guestDetailsBody(guest) };
}

/** Body of POST /api/guest/orders: a guest's bank transfer. */
export function guestBankTransferOrderBody(input: GuestOrderRequestInput & { senderName: string }) {
  return { ...guestOrderRequestBody(input), ...transferFields(input) };
}
