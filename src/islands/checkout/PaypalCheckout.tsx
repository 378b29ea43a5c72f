import { PayPalButtons, PayPalScriptProvider, usePayPalScriptReducer } from "@paypal/react-paypal-js";
import { useEffect, useState } from "react";
import { PAYPAL_SCRIPT_FAILED } from "../../domain/checkout/messages";
import { PAYPAL_BUTTON_STYLE, paypalScriptOptions } from "../../domain/checkout/payment";
import { ApiError } from "../../lib/api-client";
import { fetchPaypalClientId } from "../../lib/shop-client";
import { type PaypalLoad, PaypalPanel } from "./PaypalPanel";

export interface PaypalHandlers {
  createOrder: () => Promise<string>;
  onApprove: (orderID: string) => Promise<void>;
  onError: (error: unknown) => void;
  /** The buyer closed or cancelled PayPal's window without paying. */
  onCancel: (orderID: string | undefined) => void;
  /** Runs the submit checks when the buyer clicks a PayPal button; false stops PayPal's window. */
  onClick: () => boolean;
}

interface Props {
  /** Address chosen and terms accepted: the buttons may be used. */
  enabled: boolean;
  hasAddress: boolean;
  termsAccepted: boolean;
  /** What delivery to a pick-up point still lacks (a point, a mobile); null otherwise. */
  deliveryNotice: string | null;
  handlers: PaypalHandlers;
}

type ClientId = { status: "known"; clientId: string } | Exclude<PaypalLoad, { status: "ready" }>;

/**
 * The PayPal buttons of the checkout (spec 2, 5, 7), from PayPal's React components (@paypal/react-paypal-js). The
 * shop's client id is asked first ('Chargement des paramètres PayPal...'; 'PayPal n'est pas configuré.' on 503); the
 * PayPalScriptProvider, which loads PayPal's script, is mounted only then, so the script never loads on other pages
 * nor when the customer pays by transfer. The buttons stay disabled while loading, without an address or with the
 * terms unaccepted; PayPalButtons calls the latest handlers, which call the shop's own routes.
 */
export function PaypalCheckout(props: Props) {
  const [client, setClient] = useState<ClientId>({ status: "loading" });

  useEffect(() => {
    const controller = new AbortController();
    fetchPaypalClientId(controller.signal)
      .then((clientId) => {
        if (!controller.signal.aborted) setClient({ status: "known", clientId });
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        if (error instanceof ApiError && error.status === 503) setClient({ status: "not_configured" });
        else {
          setClient({
            status: "error",
            message: error instanceof ApiError && error.message ? error.message : PAYPAL_SCRIPT_FAILED,
          });
        }
      });
    return () => controller.abort();
  }, []);

  if (client.status !== "known") {
    return (
      <PaypalPanel
        load={client}
        hasAddress={props.hasAddress}
        termsAccepted={props.termsAccepted}
        deliveryNotice={props.deliveryNotice}
        usable={false}
      />
    );
  }
  return (
    <PayPalScriptProvider options={paypalScriptOptions(client.clientId)}>
      <PaypalButtonsArea {...props} />
    </PayPalScriptProvider>
  );
}

/** PayPal's buttons once its script is asked for: drawn (PayPal's onInit), or why they cannot be. */
function PaypalButtonsArea({ enabled, hasAddress, termsAccepted, deliveryNotice, handlers }: Props) {
  const [{ isRejected }] = usePayPalScriptReducer();
  const [drawn, setDrawn] = useState(false);
  const [broken, setBroken] = useState(false);
  const load: PaypalLoad =
    isRejected || broken
      ? { status: "error", message: PAYPAL_SCRIPT_FAILED }
      : drawn
        ? { status: "ready" }
        : { status: "loading" };
  const usable = enabled && drawn;
  return (
    <PaypalPanel
      load={load}
      hasAddress={hasAddress}
      termsAccepted={termsAccepted}
      deliveryNotice={deliveryNotice}
      usable={usable}
    >
      <PayPalButtons
        style={PAYPAL_BUTTON_STYLE}
        disabled={!usable}
        onInit={() => setDrawn(true)}
        onClick={(_data, actions) => (handlers.onClick() ? actions.resolve() : actions.reject())}
        createOrder={() => handlers.createOrder()}
        onApprove={(data) => handlers.onApprove(data.orderID)}
        onCancel={(data) => handlers.onCancel(typeof data.orderID === "string" ? data.orderID : undefined)}
        onError={(error) => {
          // Before the buttons are drawn, an error is PayPal's script failing to draw them (its words, in English,
          // go to the console); after, it ends a payment, which the checkout's flow reports in French.
          if (drawn) handlers.onError(error);
          else {
            console.warn("PayPal:", error);
            setBroken(true);
          }
        }}
      />
    </PaypalPanel>
  );
}
