/**
 * The checkout's flow as a pure state machine (issue 29): what /payment may do next, decided by one reducer,
 * `transition(state, event)`, that the island runs with Preact's useReducer. Requests, PayPal's script and timers stay
 * in the island; they send the events below and act on the phase they read back, so every rule of the flow is here,
 * tested state by event in checkout-flow.test.ts. An event a phase does not accept is ignored: the same state comes
 * back (as Preact's useReducer then skips the render). Without zod, as checkout.ts: the island imports this file.
 */
import type { Address } from "../accounts/address";
import type { AddressFormValues } from "../accounts/address-forms";
import { phoneToInput } from "../accounts/phone";
import { formatEuros } from "../money";
import { type DeliveryMode, frenchMobile, type PickupPoint, pickupMessages } from "../shipping/pickup-point";
import {
  type BankDetails,
  checkoutError,
  checkoutMessages,
  type DeliveryChoice,
  emptyGuestForm,
  type GuestFieldPath,
  type GuestForm,
  guestFieldErrors,
  guestMessages,
  isGuestFieldPath,
  type OfferedMethods,
  ORDER_NOTES_LIMIT,
  offeredMethod,
  PAYPAL_SCRIPT_FAILED,
  type PaymentChoice,
  type PickupPricing,
} from "./checkout";
import type { Totals } from "./pricing";

/**
 * A guest's way back to her order (issue 32): the token of its tracking link, as the server answered it
 * (`access_token`), and the e-mail the link was sent to.
 */
export interface GuestAccess {
  token: string;
  email: string;
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
  /** Delivery to a pick-up point, its price and threshold (issue 31); null while it is not offered. */
  pickup: PickupPricing | null;
}

/** Who orders: a signed-in customer (her address book), or a guest (issue 32: her e-mail and an address typed). */
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
  /** Home delivery, or a pick-up point (issue 31: offered only while offer.pickup says so). */
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

export const PAYPAL_CANCELLED =
  "Paiement PayPal annulé : rien n'a été débité et votre panier est toujours là.";

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

/** A request of ours is in flight: the transfer's button is disabled and PayPal's buttons too. */
export function submitting(state: CheckoutState<unknown>): boolean {
  return state.phase.name === "placing_transfer" || state.phase.name === "paypal_capturing";
}

/** The chosen address, when the book is read and it is there. */
export function selectedAddress(state: CheckoutState<unknown>): Address | null {
  const book = state.addresses;
  return (book.status === "ready" && book.addresses.find((a) => a.id === state.addressId)) || null;
}

/**
 * Where the parcel would go, as far as the pick-up point's search and the mobile need it: the chosen address of the
 * book, or the one a guest is typing (issue 32: its postal code prefills the search); null while there is none.
 */
export function deliveryAddress(
  state: CheckoutState<unknown>,
): Pick<Address, "postal_code" | "city" | "phone"> | null {
  if (state.buyer === "customer") return selectedAddress(state);
  const { postal_code, city, phone } = state.guest.address;
  return postal_code.trim() ? { postal_code: postal_code.trim(), city: city.trim(), phone } : null;
}

/**
 * The mobile for La Poste's text as the field shows it: what the buyer typed, else the address's phone when it is a
 * French mobile (« 06 12 34 56 78 »), else nothing.
 */
export function pickupPhone(state: CheckoutState<unknown>): string {
  if (state.pickupPhone !== null) return state.pickupPhone;
  const phone = state.buyer === "guest" ? state.guest.address.phone : (selectedAddress(state)?.phone ?? "");
  return frenchMobile(phone) ? phoneToInput(phone) : "";
}

/**
 * What delivery to a pick-up point still lacks (issue 31), checked right after the address: a point, then a French
 * mobile (frenchMobile); null when nothing does, and for home delivery.
 */
export function deliveryProblem(delivery: DeliveryChoice): string | null {
  if (delivery.mode !== "pickup") return null;
  if (!delivery.pointId) return pickupMessages.pointRequired;
  return frenchMobile(delivery.phone) ? null : pickupMessages.mobileRequired;
}

/** The delivery the order asks for (checkout.ts DeliveryChoice): home, or the point chosen and the mobile. */
export function deliveryChoice(state: CheckoutState<unknown>): DeliveryChoice {
  return state.delivery === "pickup"
    ? { mode: "pickup", pointId: state.pickupPoint?.id ?? null, phone: pickupPhone(state) }
    : { mode: "home" };
}

/** The submit checks of spec 5 on the state (checkout.ts); null when the order may be sent. */
export function submitProblem(state: CheckoutState<unknown>, signedIn: boolean): string | null {
  return checkoutError({
    signedIn,
    addressId: state.addressId,
    ...(state.buyer === "guest" && {
      guest: {
        problem: Object.keys(guestFieldErrors(state.guest)).length ? guestMessages.detailsInvalid : null,
      },
    }),
    deliveryProblem: deliveryProblem(deliveryChoice(state)),
    paymentMethod: state.method,
    senderName: state.senderName,
    termsAccepted: state.terms,
  });
}

/** Nothing of ours in flight and not placed: a payment may start, PayPal's window may come back. */
const idle = (phase: CheckoutPhase<unknown>) =>
  phase.name === "editing" || phase.name === "paypal_creating" || phase.name === "paypal_open";

/** The address to select once the book is read: the current one if still deliverable, else the default. */
function chosenAddress(addresses: Address[], current: string | null): string | null {
  if (current && addresses.some((a) => a.id === current && deliverable(a))) return current;
  const usable = addresses.filter(deliverable);
  return (usable.find((a) => a.is_default) ?? usable[0])?.id ?? null;
}

function showError<O>(state: CheckoutState<O>, message: string): CheckoutState<O> {
  return { ...state, error: message, errorsShown: state.errorsShown + 1 };
}

/** A payment's request failed: the phase to go back to is decided by the caller. */
function failed<O>(state: CheckoutState<O>, failure: Failure, phase: CheckoutPhase<O>): CheckoutState<O> {
  const next = { ...state, phase };
  switch (failure.kind) {
    case "session_expired":
      return next;
    // The server's words for the pick-up point's refusals are pickupMessages' (src/domain/errors.ts).
    case "pickup_point_unknown":
      return showError(
        { ...next, pickupPoint: null, pickupSearches: state.pickupSearches + 1 },
        pickupMessages.pointUnknown,
      );
    case "guest_fields": {
      const fields = Object.entries(failure.fields).filter(([path]) => isGuestFieldPath(path));
      const shown = { ...next, guestErrors: Object.fromEntries(fields) };
      return showError(
        fields.length ? { ...shown, guestErrorsShown: state.guestErrorsShown + 1 } : shown,
        failure.message,
      );
    }
    case "pickup_not_offered":
      return showError(
        {
          ...next,
          offer: { ...state.offer, pickup: null },
          delivery: "home",
          pickupPoint: null,
          serverTotals: null,
        },
        pickupMessages.notOffered,
      );
  }
  const resync = {
    ...next,
    catalogSync: state.catalogSync + (failure.kind === "message" && !failure.cartChanged ? 0 : 1),
  };
  if (failure.kind === "message") return showError(resync, failure.message);
  return {
    ...resync,
    serverTotals: failure.totals,
    priceNotice: `${failure.message} Nouveau total : ${formatEuros(failure.totals.total)}.`,
    error: null,
  };
}

/**
 * The submit checks, shown: the spec's message in the banner; for a guest whose details lack something, each field's
 * message on it and the first one focused (the banner is not scrolled to: the keyboard goes to the field).
 */
function checked<O>(
  state: CheckoutState<O>,
  signedIn: boolean,
): { state: CheckoutState<O>; passed: boolean } {
  const problem = submitProblem(state, signedIn);
  if (!problem) return { state: { ...state, error: null }, passed: true };
  if (state.buyer === "guest" && problem === guestMessages.detailsInvalid)
    return {
      state: {
        ...state,
        error: problem,
        guestErrors: guestFieldErrors(state.guest),
        guestErrorsShown: state.guestErrorsShown + 1,
      },
      passed: false,
    };
  return { state: showError(state, problem), passed: false };
}

/** The submit checks before a payment starts: refused with the spec's message, or the phase it starts. */
function start<O>(state: CheckoutState<O>, signedIn: boolean, phase: CheckoutPhase<O>): CheckoutState<O> {
  const check = checked(state, signedIn);
  if (!check.passed) return check.state;
  return { ...check.state, phase, priceNotice: null };
}

/** The form's fields and the data read from the API: taken in every phase but `placed`. */
function edit<O>(state: CheckoutState<O>, event: CheckoutEvent<O>): CheckoutState<O> {
  switch (event.type) {
    case "buyer_known":
      // The point chosen and the mobile typed were for the other buyer's address: the search starts again.
      return event.buyer === state.buyer
        ? state
        : { ...state, buyer: event.buyer, guestErrors: {}, pickupPoint: null, pickupPhone: null };
    case "guest_typed": {
      const path: GuestFieldPath = event.field === "email" ? "guest.email" : `guest.address.${event.field}`;
      const { [path]: _fixed, ...guestErrors } = state.guestErrors;
      const guest =
        event.field === "email"
          ? { ...state.guest, email: event.value }
          : { ...state.guest, address: { ...state.guest.address, [event.field]: event.value } };
      return { ...state, guest, guestErrors };
    }
    case "settings_loaded": {
      const next = { ...state, offer: event.offer, method: offeredMethod(state.method, event.offer.methods) };
      // Delivery to a pick-up point withdrawn: back to home delivery, as if it had never been offered.
      return event.offer.pickup ? next : { ...next, delivery: "home", pickupPoint: null };
    }
    case "addresses_loading":
      return { ...state, addresses: { status: "loading" } };
    case "addresses_loaded":
      return {
        ...state,
        addresses: { status: "ready", addresses: event.addresses },
        addressId: chosenAddress(event.addresses, state.addressId),
      };
    case "addresses_failed":
      return { ...state, addresses: { status: "error", message: event.message } };
    case "addresses_retry":
      return { ...state, addressAttempt: state.addressAttempt + 1 };
    case "address_created":
      return {
        ...state,
        addresses: { status: "ready", addresses: event.addresses },
        addressId: deliverable(event.created) ? event.created.id : state.addressId,
      };
    case "address_chosen": {
      const book = state.addresses;
      const known =
        book.status === "ready" && book.addresses.some((a) => a.id === event.id && deliverable(a));
      return known ? { ...state, addressId: event.id } : state;
    }
    case "delivery_chosen":
      // The pick-up point's radio exists only while the settings offer it. The server's totals were another mode's.
      if (event.mode === state.delivery || (event.mode === "pickup" && !state.offer.pickup)) return state;
      return { ...state, delivery: event.mode, serverTotals: null };
    case "pickup_point_chosen":
      return state.delivery === "pickup" ? { ...state, pickupPoint: event.point } : state;
    case "pickup_phone_typed":
      return { ...state, pickupPhone: event.phone };
    case "notes_typed":
      return { ...state, notes: event.text.slice(0, ORDER_NOTES_LIMIT) };
    case "method_chosen":
      // The radio of a method not offered, or of a closed shop, is disabled.
      return state.offer.methods[event.method] && !state.offer.closedMessage
        ? { ...state, method: event.method }
        : state;
    case "sender_typed":
      return { ...state, senderName: event.name };
    case "terms_set":
      return { ...state, terms: event.accepted };
    case "totals_inputs_changed":
      return state.serverTotals ? { ...state, serverTotals: null } : state;
    case "promo_rejected":
      return { ...state, promoNotice: event.message };
    default:
      return state;
  }
}

/** The checkout's one reducer: the next state, or the same state when the phase ignores the event. */
export function transition<O>(state: CheckoutState<O>, event: CheckoutEvent<O>): CheckoutState<O> {
  const { phase } = state;
  if (phase.name === "placed") return state;
  const newAttempt = { attempt: state.attempt + 1 };
  switch (event.type) {
    case "check":
      return idle(phase) ? checked(state, event.signedIn).state : state;
    case "submit_transfer":
      if (!idle(phase) || state.method !== "bank_transfer") return state;
      return start(state, event.signedIn, { name: "placing_transfer" });
    case "transfer_placed":
      if (phase.name !== "placing_transfer") return state;
      return {
        ...state,
        phase: {
          name: "placed",
          receipt: {
            kind: "bank_transfer",
            order: event.order,
            bank: state.offer.bank,
            ...(event.guest && { guest: event.guest }),
          },
        },
      };
    case "paypal_create": {
      if (!idle(phase)) return state;
      const next = start(state, event.signedIn, { name: "paypal_creating" });
      return next.phase.name === "paypal_creating" ? { ...next, paypalNotice: null } : next;
    }
    case "paypal_created":
      if (phase.name !== "paypal_creating") return state;
      return { ...state, phase: { name: "paypal_open", orderId: event.orderId } };
    case "paypal_approved":
      if (!idle(phase)) return state;
      return { ...state, phase: { name: "paypal_capturing", orderId: event.orderId } };
    case "paypal_captured":
      if (phase.name !== "paypal_capturing") return state;
      if (event.outcome === "unfinished")
        return showError(
          { ...state, ...newAttempt, phase: { name: "editing" } },
          checkoutMessages.paypalFailed,
        );
      return {
        ...state,
        phase: {
          name: "placed",
          receipt: {
            kind: event.outcome === "completed" ? "paypal" : "paypal_pending",
            order: event.order,
            ...(event.guest && { guest: event.guest }),
          },
        },
      };
    case "paypal_cancelled":
      if (!idle(phase)) return state;
      return { ...state, ...newAttempt, phase: { name: "editing" }, paypalNotice: PAYPAL_CANCELLED };
    case "paypal_failed": {
      if (!idle(phase)) return state;
      const next = { ...state, ...newAttempt, phase: { name: "editing" } as const };
      return event.alreadyShown ? next : showError(next, PAYPAL_SCRIPT_FAILED);
    }
    case "request_failed":
      if (phase.name === "placing_transfer" || phase.name === "paypal_creating")
        return failed(state, event.failure, { name: "editing" });
      if (phase.name !== "paypal_capturing") return state;
      // A declined card may be tried again on the same PayPal order; anything else starts a new attempt.
      return event.declined
        ? failed(state, event.failure, { name: "paypal_open", orderId: phase.orderId })
        : failed({ ...state, ...newAttempt }, event.failure, { name: "editing" });
    default:
      return edit(state, event);
  }
}

/**
 * What the page shows around the form: the success screen, a wait, the sign-in prompt, the customer's form, or the
 * guest's (signed out, « Commander sans compte » chosen: issue 32). A session wins over the guest's choice.
 */
export function checkoutScreen(input: {
  phase: PhaseName;
  hydrated: boolean;
  session: "unknown" | "loading" | "signed-in" | "signed-out";
  cartEmpty: boolean;
  /** The tab chose « Commander sans compte » (stores/guest-checkout.ts). */
  guest?: boolean;
}): "placed" | "loading" | "sign_in" | "form" | "guest_form" {
  if (input.phase === "placed") return "placed";
  if (!input.hydrated || input.session === "unknown" || input.session === "loading" || input.cartEmpty)
    return "loading";
  if (input.session === "signed-in") return "form";
  return input.guest ? "guest_form" : "sign_in";
}
