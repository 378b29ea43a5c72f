/**
 * PayPal's browser script, loaded only by the checkout page and only once PayPal is the chosen method. Tests
 * and staging may serve a stand-in: the base URL comes from `window.__PAYPAL_SDK_URL__`, else from a
 * `data-paypal-sdk-url` attribute on the page, else PayPal's own address.
 */
export const PAYPAL_SDK_BASE_URL = "https://www.paypal.com/sdk/js";

/** Options of spec 7 "Payment button options": EUR, capture, fr_FR, buttons only, PayPal and card. */
export function paypalSdkUrl(clientId: string, baseUrl: string = PAYPAL_SDK_BASE_URL): string {
  const params = new URLSearchParams({
    "client-id": clientId,
    currency: "EUR",
    intent: "capture",
    locale: "fr_FR",
    components: "buttons",
    "enable-funding": "card",
  });
  return `${baseUrl}${baseUrl.includes("?") ? "&" : "?"}${params}`;
}

/** What the checkout uses of PayPal's `window.paypal`. */
export interface PaypalButtonsOptions {
  style?: Record<string, unknown>;
  onInit?: (data: unknown, actions: { enable(): void; disable(): void }) => void;
  onClick?: (data: unknown, actions: { resolve(): unknown; reject(): unknown }) => unknown | Promise<unknown>;
  createOrder: () => Promise<string>;
  onApprove: (data: { orderID: string }) => Promise<void>;
  /** The buyer closed or cancelled PayPal's window; `orderID` is the PayPal order they left. */
  onCancel?: (data: { orderID?: string }) => void;
  onError?: (error: unknown) => void;
}

export interface PaypalButtons {
  render(container: HTMLElement): Promise<void> | void;
  close?(): Promise<void> | void;
  isEligible?(): boolean;
}

export interface PaypalNamespace {
  Buttons(options: PaypalButtonsOptions): PaypalButtons;
}

declare global {
  interface Window {
    paypal?: PaypalNamespace;
    __PAYPAL_SDK_URL__?: string;
  }
}

export function sdkBaseUrl(): string {
  if (typeof window === "undefined") return PAYPAL_SDK_BASE_URL;
  const override =
    window.__PAYPAL_SDK_URL__ ??
    document.querySelector<HTMLElement>("[data-paypal-sdk-url]")?.dataset.paypalSdkUrl;
  return override?.trim() || PAYPAL_SDK_BASE_URL;
}

let loading: { url: string; promise: Promise<PaypalNamespace> } | null = null;

/** Adds PayPal's script once per client id and resolves with `window.paypal`. */
export function loadPaypalSdk(clientId: string): Promise<PaypalNamespace> {
  const url = paypalSdkUrl(clientId, sdkBaseUrl());
  if (loading?.url === url) return loading.promise;
  const promise = new Promise<PaypalNamespace>((resolve, reject) => {
    const script = document.createElement("script");
    script.src = url;
    script.async = true;
    script.dataset.paypalSdk = "";
    script.addEventListener("load", () => {
      if (window.paypal) resolve(window.paypal);
      else reject(new Error("PayPal SDK indisponible"));
    });
    script.addEventListener("error", () => {
      script.remove();
      if (loading?.url === url) loading = null;
      reject(new Error("Le script de PayPal n'a pas pu être chargé"));
    });
    document.head.append(script);
  });
  loading = { url, promise };
  return promise;
}
