import type { ReactNode } from "react";
import { checkoutMessages } from "../../domain/checkout/messages";

/** Where PayPal's buttons stand: their script is being asked for, they are drawn, or why they cannot be. */
export type PaypalLoad =
  | { status: "loading" }
  | { status: "ready" }
  | { status: "not_configured" }
  | { status: "error"; message: string };

interface Props {
  load: PaypalLoad;
  /** An address is chosen, or the address book is still being read: no notice asking for one. */
  hasAddress: boolean;
  termsAccepted: boolean;
  /** What delivery to a pick-up point still lacks (a point, then a mobile); null otherwise. */
  deliveryNotice?: string | null;
  /** The buttons may be clicked (loaded, address chosen, terms accepted). */
  usable: boolean;
  /** PayPal's buttons (PayPalButtons); none in the first paint and while the code that draws them is on its way. */
  children?: ReactNode;
}

/**
 * What the PayPal area of the checkout shows (spec 2, 7): the loading line, PayPal's refusal, the notices asking for an
 * address and the terms, and the buttons' container. Apart from PaypalCheckout, whose code (@paypal/react-paypal-js
 * and the callbacks) is fetched once the method is shown: the checkout's first paint and that wait show this same
 * markup, so nothing moves when the buttons' code arrives.
 */
export function PaypalPanel({ load, hasAddress, termsAccepted, deliveryNotice, usable, children }: Props) {
  return (
    <div className="space-y-3">
      {load.status === "loading" && (
        <p role="status" className="text-center text-ink-soft">
          Chargement des paramètres PayPal...
        </p>
      )}
      {load.status === "not_configured" && (
        <p
          role="alert"
          className="rounded-lg border border-alert/30 bg-red-50 px-4 py-3 font-medium text-alert"
        >
          {checkoutMessages.paypalNotConfigured}
        </p>
      )}
      {load.status === "error" && (
        <p
          role="alert"
          className="rounded-lg border border-alert/30 bg-red-50 px-4 py-3 font-medium text-alert"
        >
          {load.message}
        </p>
      )}
      {(load.status === "loading" || load.status === "ready") && (
        <>
          {!hasAddress && (
            <p className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm font-medium text-amber-900">
              Veuillez d'abord choisir une adresse de livraison.
            </p>
          )}
          {hasAddress && deliveryNotice && (
            <p className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm font-medium text-amber-900">
              {deliveryNotice}.
            </p>
          )}
          {!termsAccepted && (
            <p className="rounded-lg border border-sky-200 bg-sky-50 px-4 py-3 text-sm text-sky-900">
              Veuillez accepter les conditions générales de vente pour activer le paiement PayPal.
            </p>
          )}
        </>
      )}
      {/* Disabled: out of reach (inert) and dimmed by PayPalButtons' own `disabled` look. */}
      <div
        data-testid="paypal-buttons"
        data-disabled={usable ? undefined : ""}
        inert={!usable}
        className={`relative z-0 min-h-12 ${usable ? "" : "pointer-events-none"} ${load.status === "not_configured" || load.status === "error" ? "hidden" : ""}`}
      >
        {children}
      </div>
    </div>
  );
}
