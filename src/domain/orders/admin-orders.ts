/** Rules of the admin's Orders tab, depending only on money and order-status so the admin island ships no zod. */
import { eurosToCents } from "../money";
import type { Order } from "./order";
import { type OrderStatus, PAYMENT_STATUSES, type PaymentStatus, type StatusTone } from "./order-status";

export interface OrderEditForm {
  status: OrderStatus;
  payment_status: PaymentStatus;
  shipping_company: string;
  tracking_number: string;
  estimated_delivery: string;
  shipping_notes: string;
}

/** Empty texts clear the field. */
export type OrderUpdatePayload = Partial<Pick<OrderEditForm, "status" | "payment_status">> &
  Omit<OrderEditForm, "status" | "payment_status">;

type EditableOrder = Pick<
  Order,
  | "status"
  | "payment_status"
  | "shipping_company"
  | "tracking_number"
  | "estimated_delivery"
  | "shipping_notes"
>;

export function orderEditForm(order: EditableOrder): OrderEditForm {
  return {
    status: order.status,
    payment_status: order.payment_status,
    shipping_company: order.shipping_company ?? "",
    tracking_number: order.tracking_number ?? "",
    estimated_delivery: (order.estimated_delivery ?? "").slice(0, 10),
    shipping_notes: order.shipping_notes ?? "",
  };
}

/** Statuses only when changed: saving a cancelled order's tracking number must not cancel it again. */
export function orderUpdatePayload(
  form: OrderEditForm,
  current: Pick<Order, "status" | "payment_status">,
): OrderUpdatePayload {
  return {
    ...(form.status !== current.status && { status: form.status }),
    ...(form.payment_status !== current.payment_status && { payment_status: form.payment_status }),
    shipping_company: form.shipping_company.trim(),
    tracking_number: form.tracking_number.trim(),
    estimated_delivery: form.estimated_delivery.trim(),
    shipping_notes: form.shipping_notes.trim(),
  };
}

/** Cancelling gives stock and promo use back and cannot be undone, so the screen asks first. */
export function needsCancelConfirmation(current: OrderStatus, next: OrderStatus): boolean {
  return next === "cancelled" && current !== "cancelled";
}

export function freeShippingReached(
  order: Pick<Order, "subtotal_amount" | "free_shipping_threshold">,
): boolean {
  return eurosToCents(order.subtotal_amount) >= eurosToCents(order.free_shipping_threshold);
}

export type ShippingInfoState = "complete" | "incomplete" | "none";

export function shippingInfoState(
  order: Pick<Order, "status" | "shipping_company" | "tracking_number">,
): ShippingInfoState {
  const carrier = order.shipping_company?.trim();
  if (order.status === "shipped") return carrier ? "complete" : "incomplete";
  if (order.status === "delivered" && (carrier || order.tracking_number?.trim())) return "complete";
  return "none";
}

const PAYMENT_TONES: Record<PaymentStatus, StatusTone> = {
  completed: "success",
  pending: "waiting",
  failed: "danger",
  refunded: "neutral",
  partially_refunded: "info",
};

/** A cancelled order whose payment was received waits for its refund. */
export function orderPaymentTone(order: Pick<Order, "status" | "payment_status">): StatusTone {
  if (order.status === "cancelled" && order.payment_status === "completed") return "waiting";
  return Object.hasOwn(PAYMENT_TONES, order.payment_status) ? PAYMENT_TONES[order.payment_status] : "neutral";
}

/** A partial refund is recorded by « Retour et remboursement », not chosen here. */
export function paymentStatusChoices(current: PaymentStatus): PaymentStatus[] {
  return PAYMENT_STATUSES.filter(
    (status) => status !== "partially_refunded" || current === "partially_refunded",
  );
}

export function customerLabel(order: Pick<Order, "user">): string {
  return order.user.full_name?.trim() || order.user.email;
}

export interface OrderFilters {
  status?: OrderStatus;
  payment_status?: PaymentStatus;
  q?: string;
}

/** « Hélène » and « helene » are the same search. */
export function normalizeSearch(text: string): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .trim();
}

/** Words match the number's last 8 characters (« #» optional), the transfer reference, the name or e-mail. */
export function orderMatches(
  order: Pick<Order, "status" | "payment_status" | "order_number" | "transfer_reference" | "user">,
  filters: OrderFilters,
): boolean {
  if (filters.status && order.status !== filters.status) return false;
  if (filters.payment_status && order.payment_status !== filters.payment_status) return false;
  const words = normalizeSearch(filters.q ?? "").replace(/^#/, "");
  if (!words) return true;
  return [order.order_number, order.transfer_reference ?? "", order.user.full_name, order.user.email].some(
    (field) => normalizeSearch(field).includes(words),
  );
}
