import { addressLines } from "../../../../domain/accounts/address-forms";
import { phoneToInput } from "../../../../domain/accounts/phone";
import type { Order } from "../../../../domain/orders/order";
import { Detail } from "../../../ui/admin/ui";

type PickupPoint = NonNullable<Order["pickup_point"]>;

/**
 * A parcel for a pick-up point; the customer's address is then her contact, not where it goes. Written
 * here rather than with pickupAddressLines: the admin bundle leaves pickup-point.ts out.
 */
export function OrderPickupPoint({ point }: { point: PickupPoint }) {
  return (
    <section className="rounded-xl border border-indigo-200 bg-indigo-50 p-4">
      <h4 className="font-semibold text-indigo-950">Point relais</h4>
      <p className="text-sm text-indigo-950">
        Ce colis est livré au point relais ci-dessous, pas à l'adresse du client.
      </p>
      <address className="mt-2 text-sm text-ink not-italic">
        <span className="block font-semibold">{point.name}</span>
        <span className="block">{point.address_line1}</span>
        {point.address_line2 && <span className="block">{point.address_line2}</span>}
        <span className="block">
          {point.postal_code} {point.city}
        </span>
      </address>
      <dl className="mt-2 grid gap-2 text-sm sm:grid-cols-2">
        <Detail label="Identifiant du point">
          <span className="font-mono">{point.id}</span>
        </Detail>
        <Detail label="Portable du client (SMS)">{phoneToInput(point.phone)}</Detail>
      </dl>
    </section>
  );
}

/** The customer's address: where the parcel goes, or, for a pick-up point, how to reach her. */
export function OrderAddress({ order, pickup }: { order: Order; pickup: boolean }) {
  return (
    <section>
      <h4 className="text-sm font-semibold tracking-wide text-ink-soft uppercase">
        {pickup ? "Adresse du client" : "Adresse de livraison"}
      </h4>
      <address className="mt-2 text-sm text-ink not-italic">
        {addressLines({ ...order.shipping_address, id: order.id, is_default: false }).map((line) => (
          <span key={line.key} className="block">
            {line.text}
          </span>
        ))}
      </address>
    </section>
  );
}

export function OrderNotes({ notes }: { notes: string }) {
  return (
    <section>
      <h4 className="text-sm font-semibold tracking-wide text-ink-soft uppercase">Notes de commande</h4>
      <p className="mt-2 rounded-lg bg-cream-100 px-3 py-2 text-sm whitespace-pre-line text-ink">{notes}</p>
    </section>
  );
}
