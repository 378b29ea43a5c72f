/**
 * « Colis sans nouvelles depuis 7 jours » on the owner's to-do list: a shipped order whose last news (La
 * Poste's last event, or its shipping when La Poste has said nothing) is a week old or more. The server picks them
 * (GET /api/admin/todo, `stuck_parcels`, src/domain/admin/owner-todo/); this says how each reads. No dependency but
 * the admin's formats.
 */
import { colissimoTrackingUrl, isColissimo } from "../orders/order-status";
import { formatDateTime } from "./admin-format";
import { ageLabel } from "./owner-todo/display";
import type { StuckParcel } from "./owner-todo/orders";

export type { StuckParcel };

export interface StuckParcelView {
  /** « Colissimo · suivi n° 6A12345678901 ». */
  parcel: string;
  /** What was last heard, and when (Paris): « Dernier événement le 18/11/2026 10:00 : … ». */
  lastNews: string;
  /** « Sans nouvelles depuis 10 jours ». */
  since: string;
  /** La Poste's public tracking page when the carrier is Colissimo, else null (no page to link to). */
  trackingUrl: string | null;
}

export function stuckParcelView(item: StuckParcel): StuckParcelView {
  // The server names the carrier, « Transporteur non renseigné » when the owner typed none (functions/admin/owner-todo.ts).
  const carrier = item.carrier;
  const tracking = item.tracking_number.trim();
  const when = formatDateTime(item.last_news_at) || item.last_news_at;
  const event = item.last_event?.trim();
  return {
    parcel: tracking ? `${carrier} · suivi n° ${tracking}` : carrier,
    lastNews: event
      ? `Dernier événement le ${when} : ${event}`
      : `Expédiée le ${when} : aucun événement du transporteur depuis.`,
    since: `Sans nouvelles ${ageLabel(item.days_without_news)}`,
    trackingUrl: tracking && isColissimo(item.carrier) ? colissimoTrackingUrl(tracking) : null,
  };
}
