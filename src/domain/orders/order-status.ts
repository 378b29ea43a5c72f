/**
 * Order and payment states with their French labels (spec section 4, plus 'Annulée' for cancelled orders).
 * No dependency: the orders and admin islands import this file.
 */
export const ORDER_STATUSES = ["pending", "confirmed", "shipped", "delivered", "cancelled"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const PAYMENT_STATUSES = ["pending", "completed", "failed", "refunded", "partially_refunded"] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const PAYMENT_METHODS = ["paypal", "bank_transfer"] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  pending: "En attente",
  confirmed: "Confirmée",
  shipped: "Expédiée",
  delivered: "Livrée",
  cancelled: "Annulée",
};

const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = {
  completed: "Payé",
  pending: "En attente",
  failed: "Échoué",
  refunded: "Remboursé",
  partially_refunded: "Partiellement remboursé",
};

const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  paypal: "PayPal",
  bank_transfer: "Virement",
};

function labelOf<K extends string>(
  labels: Record<K, string>,
  value: string | null | undefined,
  fallback: string,
) {
  return value && Object.hasOwn(labels, value) ? labels[value as K] : fallback;
}

export function orderStatusLabel(status: string | null | undefined): string {
  return labelOf(ORDER_STATUS_LABELS, status, "Inconnu");
}

export function paymentStatusLabel(status: string | null | undefined): string {
  return labelOf(PAYMENT_STATUS_LABELS, status, "Inconnu");
}

/**
 * The payment of one order as people read it: a cancelled order whose payment was received has its refund due
 * ('Remboursement à effectuer' for the owner, who makes it; 'Remboursement en cours' for the customer).
 */
export function orderPaymentLabel(
  order: { status: string; payment_status: string },
  reader: "owner" | "customer",
): string {
  if (order.status === "cancelled" && order.payment_status === "completed")
    return reader === "owner" ? "Remboursement à effectuer" : "Remboursement en cours";
  return paymentStatusLabel(order.payment_status);
}

export function paymentMethodLabel(method: string | null | undefined): string {
  return labelOf(PAYMENT_METHOD_LABELS, method, "Non spécifié");
}

/** Tone of the status badge and icon, for the screens' colours. */
export type StatusTone = "waiting" | "info" | "progress" | "success" | "danger" | "neutral";

export function orderStatusTone(status: string | null | undefined): StatusTone {
  switch (status) {
    case "pending":
      return "waiting";
    case "confirmed":
      return "info";
    case "shipped":
      return "progress";
    case "delivered":
      return "success";
    case "cancelled":
      return "danger";
    default:
      return "neutral";
  }
}

/** The order number shown to people: the last 8 characters of the id (spec). */
export function orderNumber(id: string): string {
  return id.slice(-8);
}

/** Colissimo's public tracking page, for the 'Suivre sur Colissimo' link. */
export function colissimoTrackingUrl(trackingNumber: string): string {
  return `https://www.laposte.fr/outils/suivre-vos-envois?code=${encodeURIComponent(trackingNumber)}`;
}

export function isColissimo(carrier: string | null | undefined): boolean {
  return (carrier ?? "").toLowerCase().includes("colissimo");
}

/**
 * A bank-transfer order whose money the shop still awaits: its transfer instructions stay on the customer's orders
 * and tracking pages until the transfer is received or the order is cancelled.
 */
export function awaitsTransfer(order: {
  payment_method: string;
  payment_status: string;
  status: string;
}): boolean {
  return (
    order.payment_method === "bank_transfer" &&
    order.payment_status === "pending" &&
    order.status !== "cancelled"
  );
}
