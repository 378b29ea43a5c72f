import { useStore } from "@nanostores/react";
import { useCallback, useReducer } from "react";
import { emptyCart } from "../../domain/cart/cart";
import { deliveryShipping, type PickupPricing } from "../../domain/checkout/delivery";
import { checkoutScreen } from "../../domain/checkout/flow/screen";
import { submitting } from "../../domain/checkout/flow/selectors";
import { initialCheckout } from "../../domain/checkout/flow/state";
import { transition } from "../../domain/checkout/flow/transition";
import { checkoutMessages } from "../../domain/checkout/messages";
import { cartTotals } from "../../domain/checkout/totals";
import type { Order } from "../../lib/shop-client";
import { $cart } from "../../stores/cart";
import { $appliedPromo, $shippingSettings } from "../../stores/checkout";
import { $guestCheckout } from "../../stores/guest-checkout";
import { $session } from "../../stores/session";
import { describeCartChange, useCatalogSync, useHydrated, usePromoRevalidation } from "../cart/cart-hooks";
import { ChangeNotes } from "../ui/ChangeNotes";
import { SignInRequired } from "../ui/SignInRequired";
import { BuyerStep } from "./BuyerStep";
import {
  type CompanyInfo,
  useAddressBook,
  useBuyer,
  useCheckoutSetup,
  useCheckoutUpkeep,
  useShippingResync,
  useSignInGate,
} from "./checkout-hooks";
import { DeliveryStep } from "./DeliveryStep";
import { NotesSection } from "./NotesSection";
import { CheckoutAction } from "./OrderAction";
import { PaymentSection } from "./PaymentSection";
import { PlacedScreen } from "./PlacedScreen";
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

/**
 * /payment ('Finaliser la Commande', spec 2, 4, 5): delivery address, delivery information, order notes,
 * payment method (PayPal by default, or bank transfer), order summary with the terms checkbox, then the
 * success screen. Signed out: the sign-in dialog opens and closing it returns to /cart; an empty cart goes
 * back to /cart. The server prices and checks the order again (409 PRICE_CHANGED shows its new total).
 * What may happen next is decided by the flow (src/domain/checkout/flow/transition.ts); this island reads the
 * stores, runs the requests the flow's phase asks for, and renders one section per step.
 */
export default function CheckoutPage({ company: initialCompany, pickup: builtPickup = null }: Props) {
  const hydrated = useHydrated();
  const cart = useStore($cart, { ssr: () => emptyCart });
  const promo = useStore($appliedPromo, { ssr: () => undefined }) ?? null;
  const shipping = useStore($shippingSettings);
  const session = useStore($session, { ssr: "initial" });
  const signedIn = session.status === "signed-in";
  // « Commander sans compte » chosen in this tab: signed out, the guest's form instead of the sign-in gate.
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
  // Delivery to a pick-up point is priced with its own figures; the cart page keeps home delivery's.
  const pickup = state.offer.pickup;
  const deliveryFigures = deliveryShipping(shipping, pickup, state.delivery);
  const localTotals = cartTotals(cart, deliveryFigures, promo);
  const totals = state.serverTotals ?? localTotals;
  const onPromoRejected = useCallback((message: string) => dispatch({ type: "promo_rejected", message }), []);
  usePromoRevalidation(localTotals.subtotal, hydrated && !placed && !empty, onPromoRejected);
  const payments = usePayments({ state, dispatch, signedIn, cart, promo, totals });
  const busy = submitting(state);

  useCheckoutUpkeep({
    busy,
    leave: hydrated && empty && !placed,
    totalsFrom: [cart, promo, shipping],
    dispatch,
  });

  const screen = checkoutScreen({
    phase: state.phase.name,
    hydrated,
    session: session.status,
    cartEmpty: empty,
    guest: guestChosen,
  });
  const focusGuestEmail = useBuyer(screen, guestChoice, state.guest.email, dispatch);
  if (state.phase.name === "placed")
    return <PlacedScreen success={state.phase.receipt} supportEmail={company.email} />;

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
            kept, or the sign-in panel. Then only the one that holds stays, in place: nothing moves. */}
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
              <BuyerStep
                state={state}
                dispatch={dispatch}
                buyer={pending ? "both" : screen === "guest_form" ? "guest" : "customer"}
                focusGuestEmail={focusGuestEmail}
              />
              <DeliveryStep
                state={state}
                dispatch={dispatch}
                cart={cart}
                shipping={shipping}
                carrier={company.shippingCompany}
                shippingAmount={pending ? null : totals.shipping}
                pending={pending}
              />
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
              <CheckoutAction
                state={state}
                pending={pending}
                submitting={busy}
                total={totals.total}
                payments={payments}
              />
            </SummarySection>
          </div>
        )}
      </div>
    </div>
  );
}
