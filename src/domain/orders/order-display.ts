/** How the orders and tracking screens show an order. No dependency but `once`: islands import it. */
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

/** A calendar day is the same day anywhere: formatted in UTC, never shifted. */
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

export function formatOrderDate(iso: string): string {
  const date = parseDate(iso);
  return date ? orderDateFormat().format(date) : iso;
}

export function formatLongDate(value: string): string {
  const date = parseDate(value);
  if (!date) return value;
  return (/^\d{4}-\d{2}-\d{2}$/.test(value) ? longDayFormat : longDateFormat)().format(date);
}

/** The path (docs/decisions/028), or `?id=` (the older AWS redirect, still honoured). */
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

/** The server issues it with the payment; a refund keeps it. */
export function invoiceAvailable(order: { payment_status: string; invoice_number?: string | null }): boolean {
  return Boolean(order.invoice_number) || order.payment_status === "completed";
}

export function trackingUrl(orderId: string): string {
  return `/orders/track/${encodeURIComponent(orderId)}`;
}

export function hasTrackingDetails(order: {
  shipping_company: string | null;
  tracking_number: string | null;
  estimated_delivery: string | null;
}): boolean {
  return Boolean(
    order.shipping_company?.trim() || order.tracking_number?.trim() || order.estimated_delivery?.trim(),
  );
}

export const DELIVERY_STEPS = ["pending", "confirmed", "shipped", "delivered"] as const;

export function deliveryStepIndex(status: string): number {
  return (DELIVERY_STEPS as readonly string[]).indexOf(status);
}
