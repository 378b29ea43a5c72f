import type { OrderPickupPoint } from "../../../domain/orders/pickup-point";
import type { Order } from "../../../lib/shop-client";
import { PickupPointDetails } from "../PickupPointDetails";

/** Where the parcel goes: the pick-up point, or the delivery address. */
export function DeliveryDestination({
  address,
  point,
}: {
  address: Order["shipping_address"];
  point: OrderPickupPoint | null;
}) {
  return point ? (
    // The parcel waits at a pick-up point; the customer's address stays her contact, not shown here.
    <PickupPointDetails
      point={point}
      className="rounded-2xl border border-cream-300 bg-white p-5 shadow-sm"
    />
  ) : (
    <section
      aria-labelledby="address-title"
      className="rounded-2xl border border-cream-300 bg-white p-5 shadow-sm"
    >
      <h2 id="address-title" className="font-serif text-lg font-semibold text-olive-900">
        Adresse de livraison
      </h2>
      <address className="mt-2 leading-relaxed text-ink not-italic">
        <span className="block font-semibold">
          {address.first_name} {address.last_name}
        </span>
        <span className="block">{address.address_line1}</span>
        {address.address_line2 && <span className="block">{address.address_line2}</span>}
        <span className="block">
          {address.postal_code} {address.city}
        </span>
        <span className="block">{address.country}</span>
      </address>
    </section>
  );
}
