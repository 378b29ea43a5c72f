/**
 * The checkout's flow as a pure reducer the island runs with useReducer; requests, PayPal's script and timers stay in
 * the island. An event a phase does not accept returns the same state (React then skips the render). Zod-free.
 */
import type { Address } from "../../accounts/address";
import { formatEuros } from "../../money";
import { pickupMessages } from "../../orders/pickup-point";
import { type GuestFieldPath, guestFieldErrors, guestMessages, isGuestFieldPath } from "../guest-form";
import { checkoutMessages, PAYPAL_SCRIPT_FAILED } from "../messages";
import { offeredMethod } from "../payment";
import { ORDER_NOTES_LIMIT } from "../request-bodies";
import type { CheckoutEvent, Failure } from "./events";
import { submitProblem } from "./selectors";
import { type CheckoutPhase, type CheckoutState, deliverable } from "./state";

export const PAYPAL_CANCELLED =
  "Paiement PayPal annulé : rien n'a été débité et votre panier est toujours là.";

const idle = (phase: CheckoutPhase<unknown>) =>
  phase.name === "editing" || phase.name === "paypal_creating" || phase.name === "paypal_open";

/** The current one if still deliverable, else the default. */
function chosenAddress(addresses: Address[], current: string | null): string | null {
  if (current && addresses.some((a) => a.id === current && deliverable(a))) return current;
  const usable = addresses.filter(deliverable);
  return (usable.find((a) => a.is_default) ?? usable[0])?.id ?? null;
}

function showError<O>(state: CheckoutState<O>, message: string): CheckoutState<O> {
  return { ...state, error: message, errorsShown: state.errorsShown + 1 };
}

function failed<O>(state: CheckoutState<O>, failure: Failure, phase: CheckoutPhase<O>): CheckoutState<O> {
  const next = { ...state, phase };
  switch (failure.kind) {
    case "session_expired":
      return next;
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

/** A guest's field messages go on the fields and the first one takes the focus (the banner is not scrolled to). */
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

function start<O>(state: CheckoutState<O>, signedIn: boolean, phase: CheckoutPhase<O>): CheckoutState<O> {
  const check = checked(state, signedIn);
  if (!check.passed) return check.state;
  return { ...check.state, phase, priceNotice: null };
}

/** Taken in every phase but `placed`. */
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
