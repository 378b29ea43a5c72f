/** Colissimo labels on the owner's screens (docs/decisions/047); zod-free, as the admin island needs. */
import type { Order } from "../orders/order";
import { isColissimo } from "../orders/order-status";
import { TRACKING_ID_PATTERN } from "./laposte-tracking";

/** The server decides again (shipping-labels.ts labelRefusal). */
export function canCreateLabel(
  order: Pick<Order, "status" | "payment_status" | "has_shipping_label">,
  colissimoConfigured: boolean,
): boolean {
  return (
    colissimoConfigured &&
    order.status === "confirmed" &&
    order.payment_status === "completed" &&
    !order.has_shipping_label
  );
}

/** The server decides again (tracking.ts refreshParcel). */
export function canRefreshTracking(
  order: Pick<Order, "status" | "shipping_company" | "tracking_number">,
  trackingConfigured: boolean,
): boolean {
  return (
    trackingConfigured &&
    order.status === "shipped" &&
    isColissimo(order.shipping_company) &&
    TRACKING_ID_PATTERN.test(order.tracking_number ?? "")
  );
}

/** What the owner reads once the order has its label (just bought, or bought by an earlier click). */
export function labelCreatedMessage(order: Pick<Order, "shipping_company" | "tracking_number">): string {
  const carrier = order.shipping_company || "Colissimo";
  const tracking = order.tracking_number ? `, suivi n° ${order.tracking_number}` : "";
  return `Étiquette créée : commande expédiée par ${carrier}${tracking}. Le client a reçu son numéro de suivi.`;
}

/** Never « HTTP 502 »: the API's French message, or one of ours. */
export function labelFailureMessage(failure: { status: number; code?: string; message: string }): string {
  if (failure.code && failure.message) return failure.message;
  if (failure.status === 0)
    return "La boutique ne répond pas : vérifiez la connexion à Internet, puis réessayez. Aucune étiquette n'a été créée.";
  return "La création de l'étiquette n'a pas abouti. Actualisez la liste : si la commande n'est pas « Expédiée », réessayez dans quelques minutes.";
}

export function dayLabelsFailureMessage(failure: { status: number; code?: string; message: string }): string {
  if (failure.status === 404) return "Aucune étiquette n'a été créée aujourd'hui.";
  if (failure.code && failure.message) return failure.message;
  return "Les étiquettes du jour n'ont pas pu être préparées : réessayez dans quelques instants.";
}
