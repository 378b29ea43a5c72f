import { useStore } from "@nanostores/react";
import { lazy, Suspense, useCallback, useEffect, useReducer } from "react";
import { emptyCart } from "../../domain/cart/cart";
import { deliveryShipping, type PickupPricing } from "../../domain/orders/checkout/delivery";
import { checkoutScreen } from "../../domain/orders/checkout/flow/screen";
import {
  deliveryAddress,
  deliveryChoice,
  deliveryProblem,
  pickupPhone,
  submitting,
} from "../../domain/orders/checkout/flow/selectors";
import { initialCheckout } from "../../domain/orders/checkout/flow/state";
import { transition } from "../../domain/orders/checkout/flow/transition";
import { checkoutMessages } from "../../domain/orders/checkout/messages";
import { cartTotals } from "../../domain/orders/checkout/totals";
import type { Order } from "../../lib/shop-client";
import { $cart } from "../../stores/cart";
import { $appliedPromo, $shippingSettings } from "../../stores/checkout";
import { $guestCheckout, guestCheckoutShown } from "../../stores/guest-checkout";
import { $session } from "../../stores/session";
import { describeCartChange, useCatalogSync, useHydrated, usePromoRevalidation } from "../cart/cart-hooks";
import { ChangeNotes } from "../ui/ChangeNotes";
import { SignInRequired } from "../ui/fields";
import { AddressSection } from "./AddressSection";
import {
  type CompanyInfo,
  useAddressBook,
  useCheckoutSetup,
  useShippingResync,
  useSignInGate,
} from "./checkout-hooks";
import { DeliverySection } from "./DeliverySection";
import { GuestDetailsSection } from "./GuestDetailsSection";
import { NotesSection } from "./NotesSection";
import { OrderAction, PaypalLoading } from "./OrderAction";
import { PaymentSection } from "./PaymentSection";
import { SummarySection } from "./SummarySection";
import { usePayments } from "./use-payments";

interface Props {
  /** Company settings printed by the build; refreshed from the API on load. */
  company: CompanyInfo;
  /**
   * Delivery to a pick-up point as the build read it (GET /api/settings/shipping): its choice is in the first paint,
   * and the checkout settings read on load have the last word. Null: not offered.
   */
  pickup?: PickupPricing | null;
}

const flow = transition<Order>;

/** The success screen's code: fetched once an order is on its way (a payment started), not with the page. */
const loadSuccessScreen = () => import("./SuccessScreen");
const SuccessScreen = lazy(() => loadSuccessScreen().then((module) => ({ default: module.SuccessScreen })));

/** The pick-up point's search (issue 31): fetched when that mode is chosen, or ahead when the shopper reaches for it. */
const loadPickupPicker = () => import("./PickupPicker");
const PickupPicker = lazy(() => loadPickupPicker().then((module) => ({ default: module.PickupPicker })));
const preloadPickupPicker = () => void loadPickupPicker();

/**
 * /payment ('Finaliser la Commande', spec 2, 4, 5): delivery address, delivery information, order notes,
 * payment method (PayPal by default, or bank transfer), order summary with the terms checkbox, then the
 * success screen. Signed out: the sign-in dialog opens and closing it returns to /cart; an empty cart goes
 * back to /cart. The server prices and checks the order again (409 PRICE_CHANGED shows its new total).
 * What may happen next is decided by the flow (src/domain/orders/checkout/flow/transition.ts); this island reads the
 * stores, runs the requests the flow's phase asks for, and renders one section per step.
 */
export default function CheckoutPage({ company: initialCompany, pickup: builtPickup = null }: Props) {
  const hydrated = useHydrated();
  const cart = useStore($cart, { ssr: () => emptyCart });
  const promo = useStore($appliedPromo, { ssr: () => undefined }) ?? null;
  const shipping = useStore($shippingSettings);
  const session = useStore($session, { ssr: "initial" });
  const signedIn = session.status === "signed-in";
  // « Commander sans compte » chosen in this tab (issue 32): signed out, the guest's form instead of the sign-in gate.
  const guestChoice = useStore($guestCheckout, { ssr: () => null });
  const guestChosen = guestChoice !== null;
  const [state, dispatch] = useReducer(flow, builtPickup, initialCheckout<Order>);
  const placed = state.phase.name === "placed";
  const empty = cart.length === 0;

  const company = useCheckoutSetup(initialCompany, dispatch);
  useSignInGate(session.status, placed, guestChosen);
  useAddressBook(session.user?.id, state.addressAttempt, dispatch);
  useShippingResync(state.catalogSync);
  const changes = useCatalogSync(hydrated && !placed, state.catalogSync);
  // Delivery to a pick-up point is priced with its own figures (issue 31); the cart page keeps home delivery's.
  const pickup = state.offer.pickup;
  const deliveryFigures = deliveryShipping(shipping, pickup, state.delivery);
  const localTotals = cartTotals(cart, deliveryFigures, promo);
  const totals = state.serverTotals ?? localTotals;
  const onPromoRejected = useCallback((message: string) => dispatch({ type: "promo_rejected", message }), []);
  usePromoRevalidation(localTotals.subtotal, hydrated && !placed && !empty, onPromoRejected);
  const payments = usePayments({ state, dispatch, signedIn, cart, promo, totals });
  const busy = submitting(state);

  useEffect(() => {
    if (busy) void loadSuccessScreen();
  }, [busy]);

  // The server's figures stand until the cart, the promo or the shipping settings change here.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset on any change of what the totals come from
  useEffect(() => dispatch({ type: "totals_inputs_changed" }), [cart, promo, shipping]);

  // Nothing to pay for: back to the cart (not after the order was placed: the cart is emptied then).
  useEffect(() => {
    if (hydrated && empty && !placed && !busy) window.location.replace("/cart");
  }, [hydrated, empty, placed, busy]);

  const screen = checkoutScreen({
    phase: state.phase.name,
    hydrated,
    session: session.status,
    cartEmpty: empty,
    guest: guestChosen,
  });
  const buyer = screen === "guest_form" ? "guest" : screen === "form" ? "customer" : null;
  useEffect(() => {
    if (buyer) dispatch({ type: "buyer_known", buyer });
  }, [buyer]);
  // The e-mail of this tab's last guest order, offered again (never the address: it is not kept).
  const rememberedEmail = buyer === "guest" ? (guestChoice?.email ?? "") : "";
  // biome-ignore lint/correctness/useExhaustiveDependencies: offered once when the guest's form appears, not again after she clears the field
  useEffect(() => {
    if (rememberedEmail && !state.guest.email)
      dispatch({ type: "guest_typed", field: "email", value: rememberedEmail });
  }, [rememberedEmail]);
  // « Commander sans compte » just chosen: the keyboard goes to the e-mail field (GuestDetailsSection), once.
  const focusGuestEmail = buyer === "guest" && guestChoice?.fresh === true;
  useEffect(() => {
    if (focusGuestEmail) guestCheckoutShown();
  }, [focusGuestEmail]);
  if (state.phase.name === "placed") {
    return (
      <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6 sm:py-14">
        <Suspense fallback={null}>
          <SuccessScreen success={state.phase.receipt} supportEmail={company.email} />
        </Suspense>
      </div>
    );
  }

  const pending = screen === "loading";
  const syncMessages = [
    ...changes.map(describeCartChange),
    ...(state.promoNotice ? [state.promoNotice] : []),
  ];
  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6 sm:py-14">
      <a
        href="/cart"
        className="inline-block rounded-sm font-semibold text-olive-700 underline underline-offset-4 hover:text-olive-900"
      >
        ← Retour au panier
      </a>
      <h1 className="mt-4 font-serif text-3xl font-semibold text-olive-900 sm:text-4xl">
        Finaliser la Commande
      </h1>
      <div className="mt-8">
        {/* Until the framework has read the session and the cart (the static HTML, then its hydration, which
            renders the same), both first layouts are here and CSS shows the one the session hint cookie points to
            (src/styles/site.css, src/scripts/inline/checkout-first-step.ts): the form's, inert, with its data's room
            kept, or the sign-in panel. Then only the one that holds stays, in place: nothing moves (issue 30). */}
        {pending && (
          <p role="status" className="sr-only">
            Chargement de votre commande...
          </p>
        )}
        {(pending || screen === "sign_in") && (
          <div data-first-step={pending ? "sign_in" : undefined}>
            <SignInRequired message={checkoutMessages.signInRequired} purpose="order" />
          </div>
        )}
        {(pending || screen === "form" || screen === "guest_form") && (
          <div
            data-first-step={pending ? "form" : undefined}
            inert={pending}
            className="grid gap-8 lg:grid-cols-5"
          >
            <div className="space-y-8 lg:col-span-3">
              <ChangeNotes title="Votre commande a été mise à jour :" messages={syncMessages} />
              {/* Step 1: the customer's address book, or a guest's e-mail and address (issue 32); in the first paint
                  both, CSS showing the one the head script points to. */}
              {(pending || screen === "form") && (
                <div data-first-buyer={pending ? "customer" : undefined}>
                  <AddressSection book={state.addresses} addressId={state.addressId} dispatch={dispatch} />
                </div>
              )}
              {(pending || screen === "guest_form") && (
                <div data-first-buyer={pending ? "guest" : undefined}>
                  <GuestDetailsSection
                    form={state.guest}
                    errors={state.guestErrors}
                    errorsShown={state.guestErrorsShown}
                    onField={(field, value) => dispatch({ type: "guest_typed", field, value })}
                    focusEmail={focusGuestEmail}
                  />
                </div>
              )}
              <DeliverySection
                carrier={company.shippingCompany}
                shipping={pending ? null : totals.shipping}
                modes={
                  // In the first paint too (its room kept, prices unknown until the cart is read): the choice does not
                  // push the page down when the framework takes over.
                  pickup
                    ? {
                        mode: state.delivery,
                        costs: pending
                          ? null
                          : {
                              home: cartTotals(cart, shipping, null).shipping,
                              pickup: cartTotals(cart, deliveryShipping(shipping, pickup, "pickup"), null)
                                .shipping,
                            },
                        onMode: (mode) => dispatch({ type: "delivery_chosen", mode }),
                        onPickupNear: preloadPickupPicker,
                      }
                    : null
                }
              >
                <Suspense fallback={null}>
                  <PickupPicker
                    key={state.pickupSearches}
                    address={deliveryAddress(state)}
                    point={state.pickupPoint}
                    phone={pickupPhone(state)}
                    onPoint={(point) => dispatch({ type: "pickup_point_chosen", point })}
                    onPhone={(phone) => dispatch({ type: "pickup_phone_typed", phone })}
                  />
                </Suspense>
              </DeliverySection>
              <NotesSection notes={state.notes} onNotes={(text) => dispatch({ type: "notes_typed", text })} />
              <PaymentSection
                offer={state.offer}
                method={state.method}
                senderName={state.senderName}
                onMethod={(method) => dispatch({ type: "method_chosen", method })}
                onSenderName={(name) => dispatch({ type: "sender_typed", name })}
              />
            </div>
            <SummarySection
              cart={cart}
              totals={totals}
              promoCode={promo?.code ?? null}
              shipping={deliveryFigures}
              terms={state.terms}
              onTerms={(accepted) => dispatch({ type: "terms_set", accepted })}
              priceNotice={state.priceNotice}
              paypalNotice={state.paypalNotice}
              error={state.error}
              errorsShown={state.errorsShown}
              supportEmail={company.email}
              pending={pending}
            >
              {pending ? (
                <PaypalLoading hasAddress termsAccepted={false} />
              ) : (
                <OrderAction
                  closedMessage={state.offer.closedMessage}
                  method={state.method}
                  submitting={busy}
                  newTotal={state.serverTotals ? totals.total : null}
                  addressId={state.addressId}
                  addressPending={state.addresses.status === "loading"}
                  guest={state.buyer === "guest"}
                  terms={state.terms}
                  deliveryProblem={deliveryProblem(deliveryChoice(state))}
                  onConfirmTransfer={payments.confirmTransfer}
                  paypalHandlers={payments.paypalHandlers}
                />
              )}
            </SummarySection>
          </div>
        )}
      </div>
    </div>
  );
}
