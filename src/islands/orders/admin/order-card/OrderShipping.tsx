import { formatDay } from "../../../../domain/admin/admin-format";
import { shippingInfoState } from "../../../../domain/orders/admin-orders";
import type { Order } from "../../../../domain/orders/order";
import { LabelActions } from "../../../shipping/admin/LabelActions";
import { ParcelTrackingRefresh } from "../../../shipping/admin/TrackingRefresh";
import { Detail } from "../../../ui/admin/ui";
import { ParcelEvents } from "../../../ui/ParcelEvents";

/**
 * Where the parcel is: the shipping information (or a warning that it is incomplete), La Poste's tracking events and
 * « Actualiser le suivi », and the Colissimo label's actions.
 */
export function OrderShipping({
  order,
  colissimoConfigured,
  trackingConfigured,
  onLabelCreated,
}: {
  order: Order;
  colissimoConfigured: boolean;
  trackingConfigured: boolean;
  onLabelCreated: (order: Order) => void;
}) {
  const shipping = shippingInfoState(order);
  return (
    <>
      {shipping === "complete" && (
        <section className="mt-5 rounded-xl border border-indigo-200 bg-indigo-50 p-4">
          <h4 className="font-semibold text-indigo-950">Informations d'expédition</h4>
          <dl className="mt-2 grid gap-3 text-sm sm:grid-cols-2">
            <Detail label="Transporteur">{order.shipping_company || "—"}</Detail>
            <Detail label="Numéro de suivi">{order.tracking_number || "—"}</Detail>
            <Detail label="Livraison estimée">
              {order.estimated_delivery ? formatDay(order.estimated_delivery) : "—"}
            </Detail>
            {order.shipping_notes && <Detail label="Notes de livraison">{order.shipping_notes}</Detail>}
          </dl>
        </section>
      )}
      {shipping === "incomplete" && (
        <p className="mt-5 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm font-medium text-amber-900">
          <span aria-hidden="true">⚠ </span>
          Informations d'expédition incomplètes : indiquez le transporteur et le numéro de suivi.
        </p>
      )}

      <ParcelEvents
        events={order.tracking_events}
        heading="h4"
        headingClassName="text-sm font-semibold tracking-wide text-ink-soft uppercase"
        className="mt-5"
      />
      <ParcelTrackingRefresh
        className="mt-3"
        order={order}
        trackingConfigured={trackingConfigured}
        onRefreshed={onLabelCreated}
      />

      <LabelActions
        className="mt-5"
        order={order}
        colissimoConfigured={colissimoConfigured}
        onCreated={onLabelCreated}
      />
    </>
  );
}
