import { lazy, Suspense } from "react";
import { deliveryChoice, deliveryProblem } from "../../domain/checkout/flow/selectors";
import type { CheckoutState } from "../../domain/checkout/flow/state";
import type { PaymentChoice } from "../../domain/checkout/payment";
import { paypalButtonsEnabled } from "../../domain/checkout/submit-checks";
import { formatEuros } from "../../domain/money";
import type { PaypalHandlers } from "./PaypalCheckout";
import { PaypalPanel } from "./PaypalPanel";

/**
 * PayPal's buttons' code (@paypal/react-paypal-js, the callbacks) is fetched when the method is shown, not with the
 * page: until it is there, the panel it starts with stands in its place.
 */
const PaypalCheckout = lazy(() =>
  import("./PaypalCheckout").then((module) => ({ default: module.PaypalCheckout })),
);

interface Props {
  /** Why the shop takes no order yet; null when it does. */
  closedMessage: string | null;
  method: PaymentChoice;
  submitting: boolean;
  /** The total to confirm after the server's 409 PRICE_CHANGED; null otherwise. */
  newTotal: number | null;
  addressId: string | null;
  /** The address book is still being read: the notice asking to choose an address waits for it (no flash). */
  addressPending: boolean;
  /** A guest orders: no address to choose; her details are checked on the click, on their fields. */
  guest?: boolean;
  terms: boolean;
  /** What delivery to a pick-up point still lacks (a point, a mobile): PayPal's buttons wait for it. */
  deliveryProblem: string | null;
  onConfirmTransfer: () => void;
  paypalHandlers: PaypalHandlers;
}

/** The way to pay at the foot of the summary: the transfer's button, PayPal's buttons, or « bientôt ». */
export function OrderAction({
  closedMessage,
  method,
  submitting,
  newTotal,
  addressId,
  addressPending,
  guest = false,
  terms,
  deliveryProblem: deliveryNotice,
  ...on
}: Props) {
  const hasAddress = guest || Boolean(addressId) || addressPending;
  if (closedMessage) {
    return (
      <p className="rounded-lg bg-cream-100 px-4 py-3 text-center text-sm font-medium text-ink">
        Les commandes ouvriront très bientôt : votre panier est conservé.
      </p>
    );
  }
  if (method === "bank_transfer") {
    return (
      <button
        type="button"
        onClick={on.onConfirmTransfer}
        className="btn btn-primary w-full text-lg"
        disabled={submitting}
        aria-busy={submitting}
      >
        {submitting
          ? "Traitement en cours..."
          : newTotal !== null
            ? `Confirmer la commande (${formatEuros(newTotal)})`
            : "Confirmer la commande"}
      </button>
    );
  }
  return (
    <>
      <Suspense
        fallback={
          <PaypalLoading hasAddress={hasAddress} termsAccepted={terms} deliveryNotice={deliveryNotice} />
        }
      >
        <PaypalCheckout
          enabled={paypalButtonsEnabled({
            loading: submitting,
            addressId,
            termsAccepted: terms,
            deliveryProblem: deliveryNotice,
            guest,
          })}
          hasAddress={hasAddress}
          termsAccepted={terms}
          deliveryNotice={deliveryNotice}
          handlers={on.paypalHandlers}
        />
      </Suspense>
      {submitting && (
        <p role="status" className="text-center text-sm text-ink-soft">
          Validation du paiement...
        </p>
      )}
    </>
  );
}

/** The PayPal area as it stands before its buttons are asked for: the first paint of the checkout, then its wait. */
export function PaypalLoading({
  hasAddress,
  termsAccepted,
  deliveryNotice = null,
}: {
  hasAddress: boolean;
  termsAccepted: boolean;
  deliveryNotice?: string | null;
}) {
  return (
    <PaypalPanel
      load={{ status: "loading" }}
      hasAddress={hasAddress}
      termsAccepted={termsAccepted}
      deliveryNotice={deliveryNotice}
      usable={false}
    />
  );
}

/**
 * The checkout's last step as its state says: « Confirmer la commande » or PayPal's buttons (OrderAction); in the first
 * paint, before the cart and the session are read, PayPal's panel waiting.
 */
export function CheckoutAction({
  state,
  pending,
  submitting,
  total,
  payments,
}: {
  state: CheckoutState<unknown>;
  pending: boolean;
  submitting: boolean;
  /** The order's total, shown to confirm once the server answered a new one. */
  total: number;
  payments: { confirmTransfer: () => void; paypalHandlers: PaypalHandlers };
}) {
  if (pending) return <PaypalLoading hasAddress termsAccepted={false} />;
  return (
    <OrderAction
      closedMessage={state.offer.closedMessage}
      method={state.method}
      submitting={submitting}
      newTotal={state.serverTotals ? total : null}
      addressId={state.addressId}
      addressPending={state.addresses.status === "loading"}
      guest={state.buyer === "guest"}
      terms={state.terms}
      deliveryProblem={deliveryProblem(deliveryChoice(state))}
      onConfirmTransfer={payments.confirmTransfer}
      paypalHandlers={payments.paypalHandlers}
    />
  );
}
