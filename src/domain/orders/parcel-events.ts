/**
 * « Suivi du colis »: La Poste's events for a shipped order's parcel, as the customer (Mes commandes, the
 * tracking page) and the owner (the order's card) read them. The API gives them oldest first (the tracking job,
 * functions/shipping/tracking.ts); the screens show the newest first, each with La Poste's French text and its date
 * and time in Paris. No dependency but the shop's date formatting (islands import it).
 */
import { parisDateTime } from "../paris-time";

/** One event as the order carries it: La Poste's code, its French text, when it happened (ISO UTC). */
export interface ParcelEvent {
  code: string;
  label: string;
  at: string;
}

export interface ParcelEventView {
  key: string;
  code: string;
  label: string;
  /** The instant, for `<time dateTime>`. */
  at: string;
  /** « mardi 24 novembre 2026 à 09:28 » (Europe/Paris). */
  when: string;
}

/**
 * The events to show, newest first. The order carries them oldest first with dates La Poste gave and the tracking
 * job read (laposte-tracking.ts refuses an answer whose dates it cannot read), so they are shown in reverse. Empty
 * while La Poste knows nothing.
 */
export function parcelEventsView(events: readonly ParcelEvent[] | null | undefined): ParcelEventView[] {
  return (events ?? [])
    .map((event, index) => ({
      key: `${index}-${event.code}-${event.at}`,
      code: event.code,
      label: event.label.trim() || event.code,
      at: event.at,
      when: parisDateTime(new Date(event.at)),
    }))
    .reverse();
}
