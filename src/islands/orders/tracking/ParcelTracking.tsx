import { formatLongDate, hasTrackingDetails } from "../../../domain/orders/order-display";
import { colissimoTrackingUrl, isColissimo, orderStatusLabel } from "../../../domain/orders/order-status";
import { pickupMessages } from "../../../domain/orders/pickup-point";
import type { Order } from "../../../lib/shop-client";

/**
 * « Informations d'expédition »: the status, the delivery mode, the carrier, the tracking number, the estimated
 * delivery and the owner's notes as far as known, and « Suivre sur Colissimo » for a Colissimo parcel.
 */
export function ParcelTracking({ order, pickup }: { order: Order; pickup: boolean }) {
  const carrier = order.shipping_company?.trim() || null;
  const tracking = order.tracking_number?.trim() || null;
  const estimated = order.estimated_delivery?.trim() || null;
  return (
    <section
      aria-labelledby="shipping-title"
      className="mt-8 rounded-2xl border border-cream-300 bg-white p-5 shadow-sm sm:p-6"
    >
      <h2 id="shipping-title" className="font-serif text-xl font-semibold text-olive-900">
        Informations d'expédition
      </h2>
      <dl className="mt-4 grid gap-x-6 gap-y-3 sm:grid-cols-[auto_1fr]">
        <dt className="text-ink-soft">Statut</dt>
        <dd className="font-semibold text-ink">{orderStatusLabel(order.status)}</dd>
        {pickup && (
          <>
            <dt className="text-ink-soft">Mode de livraison</dt>
            <dd className="font-semibold text-ink">{pickupMessages.pickupLabel}</dd>
          </>
        )}
        {carrier && (
          <>
            <dt className="text-ink-soft">Transporteur</dt>
            <dd className="font-semibold text-ink">{carrier}</dd>
          </>
        )}
        {tracking && (
          <>
            <dt className="text-ink-soft">Numéro de suivi</dt>
            <dd className="font-mono font-semibold text-ink">{tracking}</dd>
          </>
        )}
        {estimated && (
          <>
            <dt className="text-ink-soft">Livraison estimée</dt>
            <dd className="font-semibold text-ink first-letter:uppercase">{formatLongDate(estimated)}</dd>
          </>
        )}
        {order.shipping_notes && (
          <>
            <dt className="text-ink-soft">Notes</dt>
            <dd className="whitespace-pre-line text-ink">{order.shipping_notes}</dd>
          </>
        )}
      </dl>
      {!hasTrackingDetails(order) && (
        <p className="mt-4 rounded-lg bg-cream-100 px-4 py-3 text-ink-soft">
          Aucune information de suivi détaillée n'est disponible pour le moment. Elles apparaîtront ici dès
          l'expédition de votre colis.
        </p>
      )}
      {isColissimo(carrier) && tracking && (
        <a
          href={colissimoTrackingUrl(tracking)}
          target="_blank"
          rel="noopener noreferrer"
          className="btn btn-primary mt-5 px-5"
        >
          Suivre sur Colissimo<span className="sr-only"> (nouvel onglet)</span>
          <svg
            aria-hidden="true"
            viewBox="0 0 24 24"
            className="size-4"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
            strokeLinejoin="round"
          >
            <path d="M14 4h6v6M20 4l-9 9M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5" />
          </svg>
        </a>
      )}
    </section>
  );
}
