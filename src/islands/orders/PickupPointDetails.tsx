import { useId } from "react";
import { phoneToInput } from "../../domain/accounts/phone";
import type { Order } from "../../domain/orders/order";
import { type OrderPickupPoint, pickupAddressLines } from "../../domain/orders/pickup-point";
import { OpeningHours } from "../ui/OpeningHours";

/** The pick-up point an order goes to, or null when it is delivered to the customer's address. */
export function orderPickupPoint(
  order: Pick<Order, "delivery_mode" | "pickup_point">,
): OrderPickupPoint | null {
  return order.delivery_mode === "pickup" && order.pickup_point ? order.pickup_point : null;
}

/**
 * « Point relais »: where the customer collects her parcel, on « Mes commandes » and on the tracking page:
 * the point's name and address, the mobile La Poste texts, and the week's opening hours folded in a <details>.
 */
export function PickupPointDetails({
  point,
  heading = "h2",
  headingClassName = "font-serif text-lg font-semibold text-olive-900",
  className = "",
}: {
  point: OrderPickupPoint;
  /** The heading's level where the block sits (under the page's h1, or an order's h2). */
  heading?: "h2" | "h3";
  headingClassName?: string;
  className?: string;
}) {
  const id = useId();
  const [name, ...address] = pickupAddressLines(point);
  const Heading = heading;
  return (
    <section aria-labelledby={id} className={className}>
      <Heading id={id} className={headingClassName}>
        Point relais
      </Heading>
      <address className="mt-2 leading-relaxed text-ink not-italic">
        <span className="block font-semibold">{name}</span>
        {address.map((line) => (
          <span key={line} className="block">
            {line}
          </span>
        ))}
      </address>
      <p className="mt-2 text-sm text-ink-soft">
        Vous recevrez un SMS au <span className="whitespace-nowrap">{phoneToInput(point.phone)}</span> dès que
        votre colis sera disponible.
      </p>
      <OpeningHours
        hours={point.opening_hours}
        summary="Horaires d'ouverture"
        className="mt-2 text-sm"
        summaryClassName="cursor-pointer rounded-sm font-semibold text-olive-700 underline underline-offset-4 hover:text-olive-900"
        listClassName="mt-2 space-y-0.5 text-ink"
      />
    </section>
  );
}
