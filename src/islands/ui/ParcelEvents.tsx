import { useId } from "react";
import { type ParcelEvent, parcelEventsView } from "../../domain/orders/parcel-events";

/**
 * « Suivi du colis »: La Poste's events for the order's parcel, newest first, each with its French text and
 * its date and time in Paris. On « Mes commandes », on the tracking page and on the owner's order card; nothing while
 * La Poste knows nothing.
 */
export function ParcelEvents({
  events,
  heading = "h2",
  headingClassName = "font-serif text-xl font-semibold text-olive-900",
  className = "",
}: {
  events: readonly ParcelEvent[] | null | undefined;
  /** The heading's level where the list sits (under the page's h1, an order's h2, the owner's card's h3). */
  heading?: "h2" | "h3" | "h4";
  headingClassName?: string;
  className?: string;
}) {
  const id = useId();
  const view = parcelEventsView(events);
  if (view.length === 0) return null;
  const Heading = heading;
  return (
    <section aria-labelledby={id} className={className}>
      <Heading id={id} className={headingClassName}>
        Suivi du colis
      </Heading>
      <p className="mt-1 text-sm text-ink-soft">
        Informations de La Poste, de la plus récente à la plus ancienne.
      </p>
      <ol className="mt-3 ml-1.5 space-y-3 border-l-2 border-cream-300 pl-4">
        {view.map((event, index) => (
          <li key={event.key} className="relative">
            <span
              aria-hidden="true"
              className={`absolute top-1.5 -left-[calc(1.375rem+1px)] size-3 rounded-full border-2 ${index === 0 ? "border-olive-700 bg-olive-700" : "border-cream-300 bg-white"}`}
            />
            <span className={`block ${index === 0 ? "font-semibold text-ink" : "text-ink"}`}>
              {event.label}
            </span>
            <time dateTime={event.at} className="block text-sm text-ink-soft">
              {event.when}
            </time>
          </li>
        ))}
      </ol>
    </section>
  );
}
