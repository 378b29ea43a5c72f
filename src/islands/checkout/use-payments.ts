import { type Dispatch, useEffect, useRef } from "react";
import type { Cart } from "../../domain/cart/cart";
import type { CheckoutEvent, Failure } from "../../domain/checkout/flow/events";
import { deliveryChoice, submitProblem, submitting } from "../../domain/checkout/flow/selectors";
import type { CheckoutState, GuestAccess } from "../../domain/checkout/flow/state";
import { checkoutMessages } from "../../domain/checkout/messages";
import {
  bankTransferOrderBody,
  guestBankTransferOrderBody,
  guestOrderRequestBody,
  orderRequestBody,
} from "../../domain/checkout/request-bodies";
import { type AppliedPromo, totalsFromPriceChange } from "../../domain/checkout/totals";
import type { Totals } from "../../domain/orders/pricing";
import { ApiError } from "../../lib/api-client";
import {
  captureGuestPaypalOrder,
  capturePaypalOrder,
  captureStatus,
  createGuestPaypalOrder,
  createPaypalOrder,
  newIdempotencyKey,
  type Order,
  type PaypalCapture,
  placeBankTransferOrder,
  placeGuestBankTransferOrder,
  releaseGuestPaypalOrder,
  releasePaypalOrder,
} from "../../lib/shop-client";
import { openAuthModal } from "../../stores/auth-modal";
import { clearCartAndPromo } from "../../stores/checkout";
import { rememberGuestEmail } from "../../stores/guest-checkout";
import { handleUnauthenticated } from "../../stores/session";
import type { PaypalHandlers } from "./PaypalCheckout";

/** Spec 9: the artificial delay before a bank-transfer order is created. */
const BANK_TRANSFER_DELAY_MS = 2000;

/** Errors the checkout already showed, so PayPal's onError does not replace them. */
const shownErrors = new WeakSet<object>();

/**
 * A failed order request as the flow reads it: PRICE_CHANGED with the server's totals, the pick-up point refused,
 * or the message to show.
 */
function failureOf(failure: unknown, fallback: string): Failure {
  if (handleUnauthenticated(failure)) return { kind: "session_expired" };
  const code = failure instanceof ApiError ? failure.code : undefined;
  if (code === "PICKUP_POINT_UNKNOWN") return { kind: "pickup_point_unknown" };
  if (code === "PICKUP_NOT_OFFERED") return { kind: "pickup_not_offered" };
  // A guest's details refused by the server: shown on her fields.
  if (failure instanceof ApiError && Object.keys(failure.fields).some((path) => path.startsWith("guest.")))
    return { kind: "guest_fields", message: failure.message || fallback, fields: failure.fields };
  const priceChanged = failure instanceof ApiError && failure.code === "PRICE_CHANGED";
  if (priceChanged) {
    const totals = totalsFromPriceChange(failure.details);
    if (totals) return { kind: "price_changed", message: failure.message, totals };
  }
  const meaningful = failure instanceof ApiError && failure.status > 0 && !/^HTTP \d+$/.test(failure.message);
  return { kind: "message", message: meaningful ? failure.message : fallback, cartChanged: priceChanged };
}

interface Inputs {
  state: CheckoutState<Order>;
  dispatch: Dispatch<CheckoutEvent<Order>>;
  signedIn: boolean;
  cart: Cart;
  promo: AppliedPromo | null;
  totals: Totals;
}

/**
 * The requests of the checkout's payments, driven by the flow's phase: a transfer is placed when the flow enters
 * `placing_transfer`; PayPal's callbacks send their events and create, capture or release PayPal's order.
 */
export function usePayments({ state, dispatch, signedIn, cart, promo, totals }: Inputs) {
  const key = useRef<{ body: string; key: string; attempt: number } | null>(null);
  /** A guest's PayPal orders and the token of each one's link (create-order's access_token): capture and release send it. */
  const guestTokens = useRef(new Map<string, GuestAccess>());
  const { addressId, notes, senderName } = state;
  const delivery = deliveryChoice(state);
  const guest = state.buyer === "guest" ? state.guest : null;

  /** One Idempotency-Key per attempt: the same request sent again (a retry) carries the same key. */
  function keyFor(body: unknown): string {
    const serialized = JSON.stringify(body);
    if (key.current?.body !== serialized || key.current.attempt !== state.attempt)
      key.current = { body: serialized, key: newIdempotencyKey(), attempt: state.attempt };
    return key.current.key;
  }

  const placingTransfer = state.phase.name === "placing_transfer";
  // biome-ignore lint/correctness/useExhaustiveDependencies: one request each time the flow enters placing_transfer
  useEffect(() => {
    if (!placingTransfer || (!addressId && !guest)) return;
    const input = { cart, notes, promo, totals, senderName, delivery };
    const placement = guest
      ? { guest, body: guestBankTransferOrderBody({ ...input, guest }) }
      : { guest: null, body: bankTransferOrderBody({ ...input, addressId: addressId ?? "" }) };
    const idempotencyKey = keyFor(placement.body);
    void (async () => {
      try {
        await new Promise((resolve) => window.setTimeout(resolve, BANK_TRANSFER_DELAY_MS));
        if (placement.guest) {
          const placed = await placeGuestBankTransferOrder(placement.body, idempotencyKey);
          const access = {
            token: placed.access_token,
            email: placement.guest.email.trim(),
            mailed: placed.confirmation_mailed,
          };
          dispatch({ type: "transfer_placed", order: placed.order, guest: access });
          rememberGuestEmail(access.email);
        } else {
          const order = await placeBankTransferOrder(placement.body, idempotencyKey);
          dispatch({ type: "transfer_placed", order });
        }
        clearCartAndPromo();
      } catch (failure) {
        dispatch({ type: "request_failed", failure: failureOf(failure, checkoutMessages.paymentFailed) });
      }
    })();
  }, [placingTransfer]);

  /** The submit checks (the flow shows their message); signed out, the sign-in dialog opens too. */
  function passes(): boolean {
    const problem = submitProblem(state, signedIn);
    if (problem && !signedIn && !guest) openAuthModal("signin", "order");
    return !problem;
  }

  /**
   * PayPal's window was closed, cancelled or failed: the pending order is released at once (stock and promo use
   * back, so the next attempt may use a one-use-per-day code again) and the next click starts a new attempt.
   * Best effort: if the call fails, the next attempt or the hold's expiry releases it.
   */
  function releasePendingPaypalOrder(orderID?: string) {
    const id = orderID || (state.phase.name === "paypal_open" ? state.phase.orderId : null);
    if (!id) return;
    const access = guestTokens.current.get(id);
    const release = access ? releaseGuestPaypalOrder(id, access.token) : releasePaypalOrder(id);
    void release.catch(() => undefined);
  }

  const paypalHandlers: PaypalHandlers = {
    onClick: () => {
      dispatch({ type: "check", signedIn });
      return passes();
    },
    createOrder: async () => {
      dispatch({ type: "paypal_create", signedIn });
      if (!passes() || (!addressId && !guest)) {
        const stop = new Error(checkoutMessages.paypalFailed);
        shownErrors.add(stop);
        throw stop;
      }
      const input = { cart, notes, promo, totals, delivery };
      try {
        let id: string;
        if (guest) {
          const body = guestOrderRequestBody({ ...input, guest });
          const created = await createGuestPaypalOrder(body, keyFor(body));
          id = created.id;
          guestTokens.current.set(id, { token: created.access_token, email: guest.email.trim() });
        } else {
          const body = orderRequestBody({ ...input, addressId: addressId ?? "" });
          id = (await createPaypalOrder(body, keyFor(body))).id;
        }
        dispatch({ type: "paypal_created", orderId: id });
        return id;
      } catch (failure) {
        dispatch({ type: "request_failed", failure: failureOf(failure, checkoutMessages.paypalFailed) });
        if (failure instanceof Error) shownErrors.add(failure);
        throw failure;
      }
    },
    onApprove: async (orderID) => {
      dispatch({ type: "paypal_approved", orderId: orderID });
      const access = guestTokens.current.get(orderID);
      try {
        const capture: PaypalCapture = access
          ? await captureGuestPaypalOrder(orderID, access.token)
          : await capturePaypalOrder(orderID);
        const outcome =
          captureStatus(capture) === "COMPLETED"
            ? "completed"
            : capture.order.payment_status === "pending"
              ? "pending"
              : "unfinished";
        dispatch({
          type: "paypal_captured",
          order: capture.order,
          outcome,
          ...(access && { guest: access }),
        });
        if (outcome !== "unfinished") {
          clearCartAndPromo();
          if (access) rememberGuestEmail(access.email);
        }
      } catch (failure) {
        // A declined card may be retried with the same PayPal order; anything else starts a new attempt.
        const declined = failure instanceof ApiError && failure.code === "PAYMENT_DECLINED";
        dispatch({
          type: "request_failed",
          failure: failureOf(failure, checkoutMessages.paypalFailed),
          declined,
        });
      }
    },
    onCancel: (orderID) => {
      releasePendingPaypalOrder(orderID);
      dispatch({ type: "paypal_cancelled" });
    },
    onError: (failure) => {
      releasePendingPaypalOrder();
      const alreadyShown = failure instanceof Object && shownErrors.has(failure);
      // PayPal's script speaks English: its words go to the console, the buyer reads French.
      if (!alreadyShown) console.warn("PayPal:", failure);
      dispatch({ type: "paypal_failed", alreadyShown });
    },
  };

  function confirmTransfer() {
    if (submitting(state) || state.method !== "bank_transfer") return;
    passes();
    dispatch({ type: "submit_transfer", signedIn });
  }

  return { confirmTransfer, paypalHandlers };
}
