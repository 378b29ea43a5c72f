import { useStore } from "@nanostores/react";
import { useEffect, useState } from "react";
import { guestLinkInHash } from "../../../domain/orders/guest";
import { trackingIdFromLocation, trackingUrl } from "../../../domain/orders/order-display";
import { orderNumber } from "../../../domain/orders/order-status";
import { reviewFormRequested } from "../../../domain/reviews/review-entry";
import { ApiError } from "../../../lib/api-client";
import { fetchGuestOrder, fetchMyOrder, type Order } from "../../../lib/shop-client";
import { $session, handleUnauthenticated, startSession } from "../../../stores/session";

type TrackingState =
  | { status: "loading" }
  | { status: "missing" }
  | { status: "not_found" }
  | { status: "sign_in" }
  | { status: "error" }
  | { status: "ready"; order: Order };

/** The order read: the page's state, and its title names the order. */
function shown(order: Order): TrackingState {
  document.title = document.title.replace(/^[^|]*/, `Suivi de la commande #${orderNumber(order.id)} `);
  return { status: "ready", order };
}

/**
 * How /orders/track/{orderId} (spec 2 "Tracking") reads its order: a prebuilt shell, the id read from the address
 * (or from ?id=, the older AWS redirect); the order from GET /api/user/orders/{id}, the caller's own only. A guest's
 * link carries its token in the fragment: the order is then read from GET /api/guest/orders/{id} with it,
 * signed in or not, and the page does not ask to sign in. The token stays in the address, so the page can be
 * bookmarked. Once the order has joined her account (« Créer mon compte »), the link answers ORDER_IN_ACCOUNT: the
 * page reads it with her session, and asks her to sign in first when she is not. A link that opens nothing is tried
 * with the session too, when there is one: her orders attached before their links were kept.
 */
export function useTrackedOrder() {
  const session = useStore($session, { ssr: "initial" });
  const [orderId, setOrderId] = useState<string | null | undefined>(undefined);
  const [guestToken, setGuestToken] = useState<string | "invalid" | null>(null);
  /** The link did not open the order: "required", it is in her account now; "if-signed-in", it opened nothing. */
  const [bySession, setBySession] = useState<"required" | "if-signed-in" | null>(null);
  const [state, setState] = useState<TrackingState>({ status: "loading" });
  /** The invitation mail's link (`?avis=1`) asked for the review panel open; read before the address is tidied. */
  const [reviewsRequested, setReviewsRequested] = useState(false);
  const userId = session.user?.id;
  const guest = guestToken !== null;

  useEffect(() => {
    void startSession();
    const id = trackingIdFromLocation(window.location.pathname, window.location.search);
    setReviewsRequested(reviewFormRequested(window.location.search));
    // Show the order's own address when the edge sent us here as /orders/track/?id=... (a guest's fragment kept).
    if (id && window.location.search) {
      window.history.replaceState(null, "", `${trackingUrl(id)}${window.location.hash}`);
    }
    setGuestToken(guestLinkInHash(window.location.hash));
    setOrderId(id);
    // Another link pasted into this tab's address changes only the fragment: no new page load.
    const onHashChange = () => {
      setBySession(null);
      setGuestToken(guestLinkInHash(window.location.hash));
    };
    window.addEventListener("hashchange", onHashChange);
    return () => window.removeEventListener("hashchange", onHashChange);
  }, []);

  useEffect(() => {
    if (orderId === undefined || !guest || bySession) return;
    if (!orderId) {
      setState({ status: "not_found" });
      return;
    }
    if (guestToken === "invalid" || guestToken === null) {
      setBySession("if-signed-in");
      return;
    }
    const controller = new AbortController();
    setState({ status: "loading" });
    fetchGuestOrder(orderId, guestToken, controller.signal)
      .then((order) => setState(shown(order)))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        if (error instanceof ApiError && error.code === "ORDER_IN_ACCOUNT") {
          setBySession("required");
          return;
        }
        // 404 for an unknown order as for a wrong, revoked or expired link: her session may still open it.
        const notFound = error instanceof ApiError && [400, 401, 403, 404].includes(error.status);
        if (notFound) setBySession("if-signed-in");
        else setState({ status: "error" });
      });
    return () => controller.abort();
  }, [orderId, guest, guestToken, bySession]);

  useEffect(() => {
    if (orderId === undefined || (guest && !bySession)) return;
    if (session.status === "unknown" || session.status === "loading") return;
    if (!orderId || !userId) {
      const unread = bySession === "required" ? "sign_in" : bySession ? "not_found" : "missing";
      setState({ status: unread });
      return;
    }
    const controller = new AbortController();
    setState({ status: "loading" });
    fetchMyOrder(orderId, controller.signal)
      .then((order) => setState(shown(order)))
      .catch((error: unknown) => {
        if (controller.signal.aborted || handleUnauthenticated(error)) return;
        const notFound = error instanceof ApiError && (error.status === 404 || error.status === 400);
        setState({ status: notFound ? "not_found" : "error" });
      });
    return () => controller.abort();
  }, [orderId, guest, bySession, userId, session.status]);

  // Read with her session: the customer's links and documents, not the link's.
  const token = typeof guestToken === "string" && guestToken !== "invalid" && !bySession ? guestToken : null;
  return { session, state, guest, token, reviewsRequested };
}
