import { formatOrderDate } from "../../../domain/orders/order-display";
import { orderNumber } from "../../../domain/orders/order-status";
import { reviewsOffered } from "../../../domain/reviews/review-entry";
import type { Order } from "../../../lib/shop-client";
import { ParcelEvents } from "../../ui/ParcelEvents";
import { orderPickupPoint } from "../PickupPointDetails";
import { ReviewsOpener } from "../ReviewsOpener";
import { StatusBadge } from "../StatusBadge";
import { TransferInstructions } from "../TransferInstructions";
import { DeliveryDestination } from "./DeliveryDestination";
import { DeliveryTimeline } from "./DeliveryTimeline";
import { OrderArticles } from "./OrderArticles";
import { OrderDocuments } from "./OrderDocuments";
import { ParcelTracking } from "./ParcelTracking";
import { GuestOffer, WithdrawalLink } from "./TrackingActions";
import { BackLink } from "./TrackingParts";

/**
 * `guestToken`: the order was opened by a guest's link; its withdrawal link, documents and reviews use the token,
 * and a visitor not signed in is offered « Créer mon compte » (a password only). `reviewsOpen`: the review panel
 * of a delivered order opens at once (the invitation mail's link).
 */
export function TrackingDetails({
  order,
  guestToken,
  signedIn,
  reviewsOpen = false,
}: {
  order: Order;
  guestToken: string | null;
  signedIn: boolean;
  reviewsOpen?: boolean;
}) {
  const point = orderPickupPoint(order);
  return (
    <>
      <BackLink guest={guestToken !== null} className="inline-block" />
      <div className="mt-4 flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="font-serif text-3xl font-semibold text-olive-900 sm:text-4xl">Suivi de commande</h1>
          <p className="mt-1 text-ink-soft">
            Commande #{orderNumber(order.id)} · passée le{" "}
            <time dateTime={order.created_at}>{formatOrderDate(order.created_at)}</time>
          </p>
        </div>
        <StatusBadge status={order.status} />
      </div>
      <WithdrawalLink order={order} guestToken={guestToken} />

      {order.transfer_instructions && (
        <TransferInstructions className="mt-6" instructions={order.transfer_instructions} />
      )}
      <DeliveryTimeline status={order.status} />

      <ParcelTracking order={order} pickup={point !== null} />

      <ParcelEvents
        events={order.tracking_events}
        className="mt-6 rounded-2xl border border-cream-300 bg-white p-5 shadow-sm sm:p-6"
      />

      <div className="mt-6 grid gap-6 sm:grid-cols-2">
        <DeliveryDestination address={order.shipping_address} point={point} />
        <OrderArticles order={order} />
      </div>

      <OrderDocuments order={order} guestToken={guestToken} />
      {reviewsOffered(order) && (
        <div className="mt-6 flex flex-wrap gap-3">
          <ReviewsOpener order={order} guestToken={guestToken} headingLevel={2} initiallyOpen={reviewsOpen} />
        </div>
      )}
      <GuestOffer order={order} guestToken={guestToken} signedIn={signedIn} />
    </>
  );
}
