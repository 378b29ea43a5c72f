/** The checkout flow's state; only `transition` (transition.ts) moves it. Without zod: the island imports it. */
import type { Address } from "../../accounts/address";
import type { PickupPoint } from "../../orders/pickup-point";
import type { Totals } from "../../orders/pricing";
import type { DeliveryMode } from "../../settings/settings-constants";
import type { PickupPricing } from "../delivery";
import { emptyGuestForm, type GuestFieldPath, type GuestForm } from "../guest-form";
import type { BankDetails, OfferedMethods, PaymentChoice } from "../payment";

/** A guest's way back to her order: its tracking link's token and the e-mail the link was sent to. */
export interface GuestAccess {
  token: string;
  email: string;
  /** False once her e-mail has had its share of guest confirmations; null when the server cannot tell (a replay). */
  mailed?: boolean | null;
}

export type Receipt<O> = (
  | /** bank: null when the checkout could not read the details (the confirmation e-mail carries them). */
  { kind: "bank_transfer"; order: O; bank: BankDetails | null }
  | { kind: "paypal"; order: O }
  | { kind: "paypal_pending"; order: O }
) & { guest?: GuestAccess };

/** The form may be edited in every phase but `placed`. */
export type CheckoutPhase<O> =
  | { name: "editing" }
  /** The spec's 2 s delay, then POST /api/orders. */
  | { name: "placing_transfer" }
  | { name: "paypal_creating" }
  /** Released if the buyer leaves PayPal's window. */
  | { name: "paypal_open"; orderId: string }
  | { name: "paypal_capturing"; orderId: string }
  /** Final: every event is ignored. */
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

/** Both methods shown until GET /api/settings/checkout answered. */
export interface Offer {
  methods: OfferedMethods;
  closedMessage: string | null;
  bank: BankDetails | null;
  pickup: PickupPricing | null;
}

export type Buyer = "customer" | "guest";

export interface CheckoutState<O> {
  phase: CheckoutPhase<O>;
  buyer: Buyer;
  guest: GuestForm;
  /** Keyed as the API keys its errors (`guest.address.city`). */
  guestErrors: Readonly<Partial<Record<GuestFieldPath, string>>>;
  /** Bumped each time: the first field in error takes the focus. */
  guestErrorsShown: number;
  addresses: AddressBook;
  addressAttempt: number;
  addressId: string | null;
  delivery: DeliveryMode;
  pickupPoint: PickupPoint | null;
  /** Null until typed: the chosen address's mobile stands in. */
  pickupPhone: string | null;
  /** Bumped on PICKUP_POINT_UNKNOWN: the picker searches anew. */
  pickupSearches: number;
  notes: string;
  method: PaymentChoice;
  senderName: string;
  terms: boolean;
  offer: Offer;
  /** Its count makes the banner scroll into view each time. */
  error: string | null;
  errorsShown: number;
  /** A 409 PRICE_CHANGED's totals: they stand until the cart, the promo or the shipping change here. */
  serverTotals: Totals | null;
  priceNotice: string | null;
  paypalNotice: string | null;
  promoNotice: string | null;
  catalogSync: number;
  /** Bumped when a payment attempt ends: the next request gets a new Idempotency-Key. */
  attempt: number;
}

export function deliverable(address: Pick<Address, "country">): boolean {
  return address.country === "France";
}

/** `pickup` as the page was built, so the choice is in the first paint; GET /api/settings/checkout has the last word. */
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
