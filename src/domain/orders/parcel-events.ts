/**
 * « Suivi du colis » (issue 31): La Poste's events for a shipped order's parcel, as the customer (Mes commandes, the
 * tracking page) and the owner (the order's card) read them. The API gives them oldest first (the tracking job,
 * functions/shipping/tracking.ts); the screens show the newest first, each with La Poste's French text and its date
 * and time in Paris. No dependency but the shop's date formatting (islands import it).
 */
import { parisDateTime } from "../withdrawals/withdrawal";

/** One event as the order carries it: La Poste's code, its French text, when it happened (ISO UTC). */
export interface ParcelEvent {
  code: string;
  label: string;
  at: string;
}

export interface ParcelEventView {
  /** Unique within the list (a key for the screens). */
  key: string;
  code: string;
  label: string;
  /** The instant for `<time dateTime>`; null when La Poste's date could not be read. */
  at: string | null;
  /** « mardi 24 novembre 2026 à 09:28 » (Europe/Paris); "" when the date could not be read. */
  when: string;
}

/**
 * The events to show, newest first (events at the same instant: the later in the list first, as La Poste recorded
 * them); an event whose date cannot be read goes last, without a date. Empty when La Poste knows nothing yet.
 */
export function parcelEventsView(events: readonly ParcelEvent[] | null | undefined): ParcelEventView[] {
  return (events ?? [])
    .map((event, index) => ({ event, index, ms: Date.parse(event.at) }))
    .sort((a, b) => {
      const aKnown = Number.isFinite(a.ms);
      const bKnown = Number.isFinite(b.ms);
      if (aKnown !== bKnown) return aKnown ? -1 : 1;
      return (aKnown && bKnown ? b.ms - a.ms : 0) || b.index - a.index;
    })
    .map(({ event, index, ms }) => {
      const known = Number.isFinite(ms);
      return {
        key: `${index}-${event.code}-${event.at}`,
        code: event.code,
        label: event.label.trim() || event.code,
        at: known ? new Date(ms).toISOString() : null,
        when: known ? parisDateTime(new Date(ms)) : "",
      };
    });
}
