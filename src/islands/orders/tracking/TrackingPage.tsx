import { TrackingDetails } from "./TrackingDetails";
import { LoadFailed, OrderNotFound, SignInFirst } from "./TrackingProblems";
import { useTrackedOrder } from "./use-tracked-order";

/**
 * /orders/track/{orderId} (spec 2 "Tracking"): the order as useTrackedOrder reads it (by the customer's session or a
 * guest's link), then its details, or why it cannot be shown.
 */
export default function TrackingPage({ contactEmail = "" }: { contactEmail?: string }) {
  const { session, state, guest, token, reviewsRequested } = useTrackedOrder();
  return <div className="mx-auto max-w-4xl px-4 py-10 sm:px-6 sm:py-14">{content()}</div>;

  function content() {
    if (state.status === "loading") {
      // The prebuilt page's heading until the order is read (every page has its <h1>).
      return (
        <>
          <h1 className="sr-only">Suivi de commande</h1>
          <p role="status" className="py-16 text-center text-lg text-ink-soft">
            Chargement du suivi de commande...
          </p>
        </>
      );
    }
    if (state.status === "missing" || state.status === "error") {
      return (
        <LoadFailed
          missing={state.status === "missing"}
          guest={guest}
          signedOut={session.status === "signed-out"}
        />
      );
    }
    if (state.status === "sign_in") return <SignInFirst guest={guest} />;
    if (state.status === "not_found") return <OrderNotFound guest={guest} contactEmail={contactEmail} />;
    return (
      <TrackingDetails
        order={state.order}
        guestToken={token}
        signedIn={session.status === "signed-in"}
        reviewsOpen={reviewsRequested}
      />
    );
  }
}
