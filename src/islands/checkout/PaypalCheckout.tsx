import { useEffect, useRef, useState } from "react";
import { PAYPAL_SCRIPT_FAILED } from "../../domain/orders/checkout/messages";
import { ApiError } from "../../lib/api-client";
import { loadPaypalSdk, type PaypalButtons } from "../../lib/paypal-sdk";
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

/**
 * The PayPal buttons of the checkout (spec 2, 5, 7). The client id is asked first ('Chargement des paramètres
 * PayPal...'; 'PayPal n'est pas configuré.' on 503); PayPal's script is loaded only then, so it never loads on
 * other pages nor when the customer pays by transfer. The buttons stay disabled while loading, without an
 * address or with the terms unaccepted; the callbacks always read the latest checkout state.
 */
export function PaypalCheckout({ enabled, hasAddress, termsAccepted, deliveryNotice, handlers }: Props) {
  const [load, setLoad] = useState<PaypalLoad>({ status: "loading" });
  const container = useRef<HTMLDivElement>(null);
  const latest = useRef(handlers);
  latest.current = handlers;
  const enabledRef = useRef(enabled);
  enabledRef.current = enabled;
  const sdkActions = useRef<{ enable(): void; disable(): void } | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    let buttons: PaypalButtons | null = null;
    fetchPaypalClientId(controller.signal)
      .then(async (clientId) => {
        const paypal = await loadPaypalSdk(clientId);
        if (controller.signal.aborted || !container.current) return;
        buttons = paypal.Buttons({
          style: { layout: "vertical", shape: "pill", label: "pay" },
          onInit: (_data, actions) => {
            sdkActions.current = actions;
            if (enabledRef.current) actions.enable();
            else actions.disable();
          },
          onClick: (_data, actions) => (latest.current.onClick() ? actions.resolve() : actions.reject()),
          createOrder: () => latest.current.createOrder(),
          onApprove: (data) => latest.current.onApprove(data.orderID),
          onCancel: (data) => latest.current.onCancel(data?.orderID),
          onError: (error) => latest.current.onError(error),
        });
        await buttons.render(container.current);
        if (!controller.signal.aborted) setLoad({ status: "ready" });
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        if (error instanceof ApiError && error.status === 503) setLoad({ status: "not_configured" });
        else {
          // Our API answers in French; PayPal's script (its render) in English, which goes to the console only.
          if (!(error instanceof ApiError)) console.warn("PayPal:", error);
          setLoad({
            status: "error",
            message: error instanceof ApiError && error.message ? error.message : PAYPAL_SCRIPT_FAILED,
          });
        }
      });
    return () => {
      controller.abort();
      sdkActions.current = null;
      void Promise.resolve(buttons?.close?.()).catch(() => undefined);
    };
  }, []);

  const usable = enabled && load.status === "ready";
  useEffect(() => {
    if (usable) sdkActions.current?.enable();
    else sdkActions.current?.disable();
  }, [usable]);

  return (
    <PaypalPanel
      load={load}
      hasAddress={hasAddress}
      termsAccepted={termsAccepted}
      deliveryNotice={deliveryNotice}
      usable={usable}
      container={container}
    />
  );
}
