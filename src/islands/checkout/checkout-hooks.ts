import { type Dispatch, useEffect, useState } from "react";
import type { CheckoutEvent } from "../../domain/checkout/flow/events";
import { knownBankDetails } from "../../domain/checkout/payment";
import { fetchAddresses } from "../../lib/account-client";
import { errorMessage } from "../../lib/api-client";
import { fetchCheckoutSettings, fetchCompany } from "../../lib/shop-client";
import { $authModal, openAuthModal } from "../../stores/auth-modal";
import { loadShippingSettings } from "../../stores/checkout";
import { $guestCheckout, type GuestChoice, guestCheckoutShown } from "../../stores/guest-checkout";
import { $session, handleUnauthenticated, startSession } from "../../stores/session";
import { preloadSuccessScreen } from "./PlacedScreen";

/** What the checkout says about the company: printed by the build, refreshed from the API. */
export interface CompanyInfo {
  email: string;
  shippingCompany: string;
}

/**
 * What the checkout reads once: the session, the shipping settings, the checkout settings (which methods are offered,
 * whether delivery to a pick-up point is and at what price, sent to the flow) and the company's contact. Silent failures (spec 8): the screen keeps its defaults; the server
 * refuses what it must.
 */
export function useCheckoutSetup(
  initial: CompanyInfo,
  dispatch: Dispatch<CheckoutEvent<never>>,
): CompanyInfo {
  const [company, setCompany] = useState(initial);
  useEffect(() => {
    void startSession();
    void loadShippingSettings();
    const controller = new AbortController();
    fetchCheckoutSettings(controller.signal)
      .then((settings) =>
        dispatch({
          type: "settings_loaded",
          offer: {
            methods: { paypal: settings.paypal.configured, bank_transfer: settings.bank_transfer.enabled },
            closedMessage: settings.can_take_orders ? null : settings.message,
            bank: knownBankDetails(settings.bank_transfer),
            // Absent from a server that does not know delivery to a pick-up point yet: not offered.
            pickup: settings.pickup ?? null,
          },
        }),
      )
      .catch(() => undefined);
    fetchCompany(controller.signal)
      .then((fresh) =>
        setCompany({
          email: fresh.email || initial.email,
          shippingCompany: fresh.shipping_company || initial.shippingCompany,
        }),
      )
      .catch(() => undefined);
    return () => controller.abort();
  }, [initial, dispatch]);
  return company;
}

/**
 * Signed out: the sign-in dialog, opened to order (it offers « Commander sans compte »); closing it without
 * signing in or choosing to order without an account goes back to the cart. A guest's checkout has no gate.
 */
export function useSignInGate(status: string, placed: boolean, guest: boolean) {
  useEffect(() => {
    if (status !== "signed-out" || placed || guest) return;
    openAuthModal("signin", "order");
    let wasOpen = $authModal.get() !== "closed";
    return $authModal.listen((state) => {
      if (state !== "closed") {
        wasOpen = true;
        return;
      }
      if (wasOpen && $session.get().status !== "signed-in" && !$guestCheckout.get())
        window.location.assign("/cart");
    });
  }, [status, placed, guest]);
}

/** The customer's address book, read again on « Réessayer » (attempt); the flow picks the address. */
export function useAddressBook(
  userId: string | undefined,
  attempt: number,
  dispatch: Dispatch<CheckoutEvent<never>>,
) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: a retry reads the book again
  useEffect(() => {
    if (!userId) return;
    const controller = new AbortController();
    dispatch({ type: "addresses_loading" });
    fetchAddresses(controller.signal)
      .then((addresses) => dispatch({ type: "addresses_loaded", addresses }))
      .catch((failure: unknown) => {
        if (controller.signal.aborted || handleUnauthenticated(failure)) return;
        dispatch({ type: "addresses_failed", message: errorMessage(failure, "Network error") });
      });
    return () => controller.abort();
  }, [userId, attempt]);
}

/** The server said the cart changed under us (catalogSync bumped): the shipping settings are read again too. */
export function useShippingResync(catalogSync: number) {
  useEffect(() => {
    if (catalogSync > 0) void loadShippingSettings(true);
  }, [catalogSync]);
}

/**
 * Who orders, told to the flow once the screen knows it. For a guest's form: the e-mail of this tab's last
 * guest order offered again (never the address: it is not kept), and, when « Commander sans compte » was just chosen,
 * the keyboard sent to the e-mail field (GuestDetailsSection), once. Returns whether to send it there.
 */
export function useBuyer(
  screen: string,
  choice: GuestChoice | null,
  typedEmail: string,
  dispatch: Dispatch<CheckoutEvent<never>>,
): boolean {
  const buyer = screen === "guest_form" ? "guest" : screen === "form" ? "customer" : null;
  useEffect(() => {
    if (buyer) dispatch({ type: "buyer_known", buyer });
  }, [buyer, dispatch]);
  const isGuest = buyer === "guest";
  const rememberedEmail = isGuest ? (choice?.email ?? "") : "";
  // biome-ignore lint/correctness/useExhaustiveDependencies: offered once when the guest's form appears, not again after she clears the field
  useEffect(() => {
    if (rememberedEmail && !typedEmail)
      dispatch({ type: "guest_typed", field: "email", value: rememberedEmail });
  }, [rememberedEmail]);
  const focusEmail = isGuest && choice?.fresh === true;
  useEffect(() => {
    if (focusEmail) guestCheckoutShown();
  }, [focusEmail]);
  return focusEmail;
}

/**
 * What the checkout does on its own: fetches the success screen's code once a payment starts; lets the server's figures
 * stand only until what they came from (the cart, the promo, the shipping settings) changes here; and, with nothing
 * left to pay for, goes back to /cart (not once the order is placed: the cart is emptied then, nor during a payment).
 */
export function useCheckoutUpkeep({
  busy,
  leave,
  totalsFrom,
  dispatch,
}: {
  busy: boolean;
  leave: boolean;
  totalsFrom: readonly unknown[];
  dispatch: Dispatch<CheckoutEvent<never>>;
}): void {
  useEffect(() => {
    if (busy) preloadSuccessScreen();
  }, [busy]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset on any change of what the totals come from
  useEffect(() => dispatch({ type: "totals_inputs_changed" }), totalsFrom);
  useEffect(() => {
    if (leave && !busy) window.location.replace("/cart");
  }, [leave, busy]);
}
