/** The events `transition` takes, and a failed request as the island read it; zod-free, the island imports it. */
import type { Address } from "../../accounts/address";
import type { AddressFormValues } from "../../accounts/address-forms";
import type { PickupPoint } from "../../orders/pickup-point";
import type { Totals } from "../../orders/pricing";
import type { DeliveryMode } from "../../settings/settings-constants";
import type { PaymentChoice } from "../payment";
import type { Buyer, GuestAccess, Offer } from "./state";

export type Failure =
  /** The session store takes the buyer to sign in. */
  | { kind: "session_expired" }
  /** cartChanged: a 409 PRICE_CHANGED without the server's totals; the message is shown as an error. */
  | { kind: "message"; message: string; cartChanged: boolean }
  /** The buyer confirms the new total. */
  | { kind: "price_changed"; message: string; totals: Totals }
  /** The buyer searches again. */
  | { kind: "pickup_point_unknown" }
  /** Withdrawn meanwhile: back to home delivery. */
  | { kind: "pickup_not_offered" }
  | { kind: "guest_fields"; message: string; fields: Readonly<Record<string, string>> };

/** Any address field but its country (France). */
export type GuestField = "email" | Exclude<keyof AddressFormValues, "country">;

export type CheckoutEvent<O> =
  | { type: "settings_loaded"; offer: Offer }
  | { type: "buyer_known"; buyer: Buyer }
  | { type: "guest_typed"; field: GuestField; value: string }
  | { type: "addresses_loading" }
  | { type: "addresses_loaded"; addresses: Address[] }
  | { type: "addresses_failed"; message: string }
  | { type: "addresses_retry" }
  | { type: "address_created"; addresses: Address[]; created: Address }
  | { type: "address_chosen"; id: string }
  | { type: "delivery_chosen"; mode: DeliveryMode }
  /** null: none any more (a new search did not find the one chosen). */
  | { type: "pickup_point_chosen"; point: PickupPoint | null }
  | { type: "pickup_phone_typed"; phone: string }
  | { type: "notes_typed"; text: string }
  | { type: "method_chosen"; method: PaymentChoice }
  | { type: "sender_typed"; name: string }
  | { type: "terms_set"; accepted: boolean }
  | { type: "totals_inputs_changed" }
  | { type: "promo_rejected"; message: string }
  /** Checked and shown before PayPal's window opens. */
  | { type: "check"; signedIn: boolean }
  | { type: "submit_transfer"; signedIn: boolean }
  | { type: "transfer_placed"; order: O; guest?: GuestAccess }
  | { type: "paypal_create"; signedIn: boolean }
  | { type: "paypal_created"; orderId: string }
  | { type: "paypal_approved"; orderId: string }
  | {
      type: "paypal_captured";
      order: O;
      outcome: "completed" | "pending" | "unfinished";
      guest?: GuestAccess;
    }
  | { type: "paypal_cancelled" }
  /** PayPal's script failed; alreadyShown: it only passes on a failure the checkout already showed. */
  | { type: "paypal_failed"; alreadyShown: boolean }
  /** declined: PayPal declined the card, which may be tried again on the same PayPal order. */
  | { type: "request_failed"; failure: Failure; declined?: boolean };

export type EventType = CheckoutEvent<unknown>["type"];
