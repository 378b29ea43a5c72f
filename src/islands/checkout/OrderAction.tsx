import { formatEuros } from "../../domain/money";
import { type PaymentChoice, paypalButtonsEnabled } from "../../domain/orders/checkout";
import { PaypalCheckout, type PaypalHandlers } from "./PaypalCheckout";

interface Props {
  /** Why the shop takes no order yet; null when it does. */
  closedMessage: string | null;
  method: PaymentChoice;
  submitting: boolean;
  /** The total to confirm after the server's 409 PRICE_CHANGED; null otherwise. */
  newTotal: number | null;
  addressId: string | null;
  terms: boolean;
  onConfirmTransfer: () => void;
  paypalHandlers: PaypalHandlers;
}

/** The way to pay at the foot of the summary: the transfer's button, PayPal's buttons, or « bientôt ». */
export function OrderAction({ closedMessage, method, submitting, newTotal, addressId, terms, ...on }: Props) {
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
      <PaypalCheckout
        enabled={paypalButtonsEnabled({ loading: submitting, addressId, termsAccepted: terms })}
        hasAddress={Boolean(addressId)}
        termsAccepted={terms}
        handlers={on.paypalHandlers}
      />
      {submitting && (
        <p role="status" className="text-center text-sm text-ink-soft">
          Validation du paiement...
        </p>
      )}
    </>
  );
}
