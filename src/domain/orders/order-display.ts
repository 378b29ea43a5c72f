/**
 * How the orders and tracking screens show an order: fr-FR dates in Paris time, the tracking page's id, the
 * invoice and tracking availability. No dependency but `once` (islands import it).
 */
import { once } from "../once";

const TIME_ZONE = "Europe/Paris";

const orderDateFormat = once(
  () =>
    new Intl.DateTimeFormat("fr-FR", {
      day: "numeric",
      month: "long",
      year: "numeric",
      timeZone: TIME_ZONE,
    }),
);

const longDateFormat = once(
  () =>
    new Intl.DateTimeFormat("fr-FR", {
      weekday: "long",
      day: "numeric",
      month: "long",
      year: "numeric",
      timeZone: TIME_ZONE,
    }),
);

/** A calendar day without time ("2026-05-14") is the same day anywhere: formatted in UTC, never shifted. */
const longDayFormat = once(
  () =>
    new Intl.DateTimeFormat("fr-FR", {
      weekday: "long",
      day: "numeric",
      month: "long",
      year: "numeric",
      timeZone: "UTC",
    }),
);

function parseDate(value: string): Date | null {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** The order's date on the orders list: "14 mai 2026" (Paris day). */
export function formatOrderDate(iso: string): string {
  const date = parseDate(iso);
  return date ? orderDateFormat().format(date) : iso;
}

/** The estimated delivery on the tracking page, long fr-FR form: "jeudi 14 mai 2026". */
export function formatLongDate(value: string): string {
  const date = parseDate(value);
  if (!date) return value;
  return (/^\d{4}-\d{2}-\d{2}$/.test(value) ? longDayFormat : longDateFormat)().format(date);
}

/**
 * The order id of /orders/track/{orderId}: the path (locally and on AWS, where the edge serves the shell under the
 * asked address, docs/decisions/028), or `?id=` (the older AWS redirect, still honoured). Null when there is none.
 */
export function trackingIdFromLocation(pathname: string, search = ""): string | null {
  const fromQuery = new URLSearchParams(search).get("id");
  if (fromQuery && /\/orders\/track\/?$/.test(pathname)) return cleanId(fromQuery);
  const match = /\/orders\/track\/([^/?#]+)\/?$/.exec(pathname);
  if (!match?.[1]) return null;
  try {
    return cleanId(decodeURIComponent(match[1]));
  } catch {
    return null;
  }
}

function cleanId(raw: string): string | null {
  const id = raw.trim();
  return /^[0-9A-Za-z_-]{1,40}$/.test(id) ? id : null;
}

/** The invoice exists once the order was paid (the server issues it with the payment); a refund keeps it. */
export function invoiceAvailable(order: { payment_status: string; invoice_number?: string | null }): boolean {
  return Boolean(order.invoice_number) || order.payment_status === "completed";
}

export function trackingUrl(orderId: string): string {
  return `/orders/track/${encodeURIComponent(orderId)}`;
}

/** Whether the tracking page has anything detailed to show (carrier, tracking number or estimated date). */
export function hasTrackingDetails(order: {
  shipping_company: string | null;
  tracking_number: string | null;
  estimated_delivery: string | null;
}): boolean {
  return Boolean(
    order.shipping_company?.trim() || order.tracking_number?.trim() || order.estimated_delivery?.trim(),
  );
}

/** The steps of a delivery, for the tracking page's progress; a cancelled order has none reached. */
export const DELIVERY_STEPS = ["pending", "confirmed", "shipped", "delivered"] as const;

/** Index of the order's status in DELIVERY_STEPS; -1 when cancelled or unknown. */
export function deliveryStepIndex(status: string): number {
  return (DELIVERY_STEPS as readonly string[]).indexOf(status);
}
