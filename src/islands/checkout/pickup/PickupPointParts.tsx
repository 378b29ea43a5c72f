import { distanceText, type PickupPoint, pickupAddressLines } from "../../../domain/orders/pickup-point";
import { OpeningHours } from "../../ui/OpeningHours";

/** The point's street, complement, postal code and city (its name is shown apart). */
export function Lines({ point }: { point: PickupPoint }) {
  return (
    <>
      {pickupAddressLines(point)
        .slice(1)
        .map((line) => (
          <span key={line} className="block text-ink-soft">
            {line}
          </span>
        ))}
    </>
  );
}

/** The chosen point, shown alone: its address, distance and hours. */
export function PointDetails({ point }: { point: PickupPoint }) {
  return (
    <>
      <p className="mt-1">
        <Lines point={point} />
        <span className="block text-sm text-ink-soft">À {distanceText(point.distance_m)}</span>
      </p>
      <Hours point={point} className="mt-2" />
    </>
  );
}

/** The week's hours, folded: « Horaires » opens them. */
export function Hours({ point, className = "px-4 pb-3" }: { point: PickupPoint; className?: string }) {
  return (
    <OpeningHours
      hours={point.opening_hours}
      summary={
        <>
          Horaires<span className="sr-only"> de {point.name}</span>
        </>
      }
      className={className}
      summaryClassName="cursor-pointer rounded-sm text-sm font-semibold text-olive-700 underline underline-offset-4"
      listClassName="mt-2 space-y-0.5 text-sm text-ink"
    />
  );
}
