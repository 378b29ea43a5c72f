/**
 * The checkout flow's state: where the checkout is (its phase), what the form holds, what was read from
 * the API, and the state before anything is read. Only `transition` (transition.ts) moves it. Without zod, as the
 * modules of checkout/: the island imports this file.
 */
import type { Address } from "../../../accounts/address";
import type { DeliveryMode } from "../../../settings/settings-constants";
import type { PickupPoint } from "../../pickup-point";
import type { Totals } from "../../pricing";
import type { PickupPricing } from "../delivery";
import { emptyGuestForm, type GuestFieldPath, type GuestForm } from "../guest-form";
import type { BankDetails, OfferedMethods, PaymentChoice } from "../payment";

/**
 * A guest's way back to her order: the token of its tracking link, as the server answered it
 * (`access_token`), and the e-mail the link was sent to.
 */
export interface GuestAccess {
  token: string;
  email: string;
  /**
   * Whether the confirmation carrying the link is mailed (`confirmation_mailed`): false once her e-mail has had its
   * share of guest confirmations, null when the server cannot tell (a replayed request). Absent: mailed (PayPal's
   * confirmation goes once paid, unlimited).
   */
  mailed?: boolean | null;
}

/** What the success screen shows; `O` is the order as the API answers it; `guest` for an order without an account. */
export type Receipt<O> = (
  | /** bank: null when the checkout could not read the details (the confirmation e-mail carries them). */
  { kind: "bank_transfer"; order: O; bank: BankDetails | null }
  | { kind: "paypal"; order: O }
  | { kind: "paypal_pending"; order: O }
) & { guest?: GuestAccess };

/** Where the checkout is. The form is shown, and may be edited, in every phase but `placed`. */
export type CheckoutPhase<O> =
  /** Choosing the address, the notes and the payment; nothing of ours in flight. */
  | { name: "editing" }
  /** A bank transfer asked for: the spec's 2 s delay, then POST /api/orders. */
  | { name: "placing_transfer" }
  /** PayPal's button was clicked: its order is being created (POST /api/paypal-payment/create-order). */
  | { name: "paypal_creating" }
  /** PayPal's window is open on this pending PayPal order, released if the buyer leaves it. */
  | { name: "paypal_open"; orderId: string }
  /** The buyer approved in PayPal's window: the payment is being captured. */
  | { name: "paypal_capturing"; orderId: string }
  /** The order is placed: the success screen, then /orders. Final: every event is ignored. */
  | { name: "placed"; receipt: Receipt<O> };

export type PhaseName = CheckoutPhase<unknown>["name"];
export const PHASES: readonly PhaseName[] = [
  "editing",
  "placing_transfer",
  "paypal_creating",
  "paypal_open",
  "paypal_capturing",
  "placed",
];

export type AddressBook =
  | { status: "loading" }
  | { status: "error"; message: string }
  | { status: "ready"; addresses: Address[] };

/** What GET /api/settings/checkout says about taking an order; both methods shown until it answered. */
export interface Offer {
  methods: OfferedMethods;
  /** Why the shop takes no order yet (the screen says it, the payment is disabled); null when it does. */
  closedMessage: string | null;
  bank: BankDetails | null;
  /** Delivery to a pick-up point, its price and threshold; null while it is not offered. */
  pickup: PickupPricing | null;
}

/** Who orders: a signed-in customer (her address book), or a guest (her e-mail and an address typed). */
export type Buyer = "customer" | "guest";

export interface CheckoutState<O> {
  phase: CheckoutPhase<O>;
  /** Set by the island from the session and the guest's choice (`buyer_known`); a customer until then. */
  buyer: Buyer;
  /** A guest's e-mail and delivery address as typed (used only while the buyer is a guest). */
  guest: GuestForm;
  /** What the guest's fields lack, keyed as the API keys its errors (`guest.email`, `guest.address.city`). */
  guestErrors: Readonly<Partial<Record<GuestFieldPath, string>>>;
  /** Bumped each time the guest's fields are found lacking: the first one in error takes the focus. */
  guestErrorsShown: number;
  addresses: AddressBook;
  /** Bumped by « Réessayer »: the address book is read again. */
  addressAttempt: number;
  addressId: string | null;
  /** Home delivery, or a pick-up point (offered only while offer.pickup says so). */
  delivery: DeliveryMode;
  /** The pick-up point chosen in a search; null until one is (and after the server refused it). */
  pickupPoint: PickupPoint | null;
  /** The mobile La Poste texts, as typed; null until typed: the chosen address's mobile stands in (pickupPhone). */
  pickupPhone: string | null;
  /** Bumped when the server no longer knows the chosen point (PICKUP_POINT_UNKNOWN): the picker searches anew. */
  pickupSearches: number;
  notes: string;
  method: PaymentChoice;
  senderName: string;
  terms: boolean;
  offer: Offer;
  /** The error banner (French), and how many times one was shown: the banner scrolls into view each time. */
  error: string | null;
  errorsShown: number;
  /** The server's totals of a 409 PRICE_CHANGED: they stand until the cart, the promo or the shipping change here. */
  serverTotals: Totals | null;
  priceNotice: string | null;
  paypalNotice: string | null;
  promoNotice: string | null;
  /** Bumped when the server said the cart changed under us: the catalogue and the shipping are read again. */
  catalogSync: number;
  /** Bumped when a payment attempt ends: the next request gets a new Idempotency-Key. */
  attempt: number;
}

/** Countries the shop delivers to for now (api.md: checkout delivers to France only; CHECKOUT_COUNTRIES). */
export function deliverable(address: Pick<Address, "country">): boolean {
  return address.country === "France";
}

/**
 * The checkout before anything is read. `pickup`: delivery to a pick-up point as the page was built with it (the
 * published site says whether it is offered), so that its choice is in the first paint; GET /api/settings/checkout
 * has the last word.
 */
export function initialCheckout<O>(pickup: PickupPricing | null = null): CheckoutState<O> {
  return {
    phase: { name: "editing" },
    buyer: "customer",
    guest: emptyGuestForm,
    guestErrors: {},
    guestErrorsShown: 0,
    addresses: { status: "loading" },
    addressAttempt: 0,
    addressId: null,
    delivery: "home",
    pickupPoint: null,
    pickupPhone: null,
    pickupSearches: 0,
    notes: "",
    method: "paypal",
    senderName: "",
    terms: false,
    offer: { methods: { paypal: true, bank_transfer: true }, closedMessage: null, bank: null, pickup },
    error: null,
    errorsShown: 0,
    serverTotals: null,
    priceNotice: null,
    paypalNotice: null,
    promoNotice: null,
    catalogSync: 0,
    attempt: 0,
  };
}
