/**
 * What the island tells the checkout's flow: the events `transition` (transition.ts) takes, and a failed
 * request as the island read it. Without zod, as the modules of checkout/: the island imports this file.
 */
import type { Address } from "../../../accounts/address";
import type { AddressFormValues } from "../../../accounts/address-forms";
import type { DeliveryMode } from "../../../settings/settings-constants";
import type { PickupPoint } from "../../pickup-point";
import type { Totals } from "../../pricing";
import type { PaymentChoice } from "../payment";
import type { Buyer, GuestAccess, Offer } from "./state";

/** A request that failed, as the island read the API's answer. */
export type Failure =
  /** The session ended: the session store takes the buyer to sign in; nothing to show here. */
  | { kind: "session_expired" }
  /** cartChanged: a 409 PRICE_CHANGED without the server's totals; the message is shown as an error. */
  | { kind: "message"; message: string; cartChanged: boolean }
  /** A 409 PRICE_CHANGED with the server's totals: the buyer confirms the new total. */
  | { kind: "price_changed"; message: string; totals: Totals }
  /** 422 PICKUP_POINT_UNKNOWN: the point chosen is not one a recent search found; the buyer searches again. */
  | { kind: "pickup_point_unknown" }
  /** 409 PICKUP_NOT_OFFERED: delivery to a pick-up point was withdrawn meanwhile; back to home delivery. */
  | { kind: "pickup_not_offered" }
  /** A 400 naming a guest's fields (`guest.email`, `guest.address.*`): shown on them, the first one focused. */
  | { kind: "guest_fields"; message: string; fields: Readonly<Record<string, string>> };

/** A guest's field, as her form names it: the e-mail, or a field of the address but its country (France). */
export type GuestField = "email" | Exclude<keyof AddressFormValues, "country">;

export type CheckoutEvent<O> =
  | { type: "settings_loaded"; offer: Offer }
  /** The island knows who orders (the session read, the guest's choice). */
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
  /** PayPal's button clicked: the submit checks, shown, before PayPal's window opens. */
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
