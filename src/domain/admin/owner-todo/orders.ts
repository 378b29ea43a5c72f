/** The to-do list's order items; every calendar day is a Europe/Paris day. */

import { orderNumber } from "../../orders/order-status";
import { holdsMostOf } from "../../orders/unpaid-holds";
import { calendarDaysBetween, parisDay } from "../../paris-time";
import { customerOf, type TodoOrder } from "./facts";

/** Spec 9: « préparation 24-48 h ». Past the first bound the order is due today; past the second, late. */
export const PREPARATION_TARGET_HOURS = 24;
export const PREPARATION_LIMIT_HOURS = 48;
export const STUCK_PARCEL_DAYS = 7;

const HOUR_MS = 3_600_000;

export type PreparationState = "on_time" | "due" | "late";

export interface OrderToShip {
  order_id: string;
  order_number: string;
  customer: string;
  paid_at: string;
  hours_waiting: number;
  preparation: PreparationState;
}

export interface StuckParcel {
  order_id: string;
  order_number: string;
  customer: string;
  carrier: string;
  tracking_number: string;
  /** Or the shipping when La Poste gave none. */
  last_news_at: string;
  days_without_news: number;
  last_event: string | null;
}

export interface TransferAwaited {
  order_id: string;
  order_number: string;
  customer: string;
  reference: string | null;
  amount_cents: number;
  created_at: string;
  /** 0 on its own day. */
  age_days: number;
  reminded_at: string | null;
  /** The owner may call the buyer, or cancel, rather than leave the product out of stock for the whole delay. */
  holds_most_of: { product_id: number; product_name: string; quantity: number; left: number }[];
}

/** The lifecycle writes "confirmed" to the history with the payment. */
export function paidAt(order: Pick<TodoOrder, "status_history" | "created_at">): string {
  return order.status_history.find((entry) => entry.status === "confirmed")?.at ?? order.created_at;
}

/** The promise is « 24-48 h »: exactly 48 h is due, not late. */
export function preparationState(paid: Date, now: Date): PreparationState {
  const waited = now.getTime() - paid.getTime();
  if (waited > PREPARATION_LIMIT_HOURS * HOUR_MS) return "late";
  if (waited > PREPARATION_TARGET_HOURS * HOUR_MS) return "due";
  return "on_time";
}

export function ordersToShip(orders: readonly TodoOrder[], now: Date): OrderToShip[] {
  return orders
    .filter((order) => order.status === "confirmed" && order.payment_status === "completed")
    .map((order) => {
      const paid = paidAt(order);
      return {
        order_id: order.id,
        order_number: orderNumber(order.id),
        customer: customerOf(order),
        paid_at: paid,
        hours_waiting: Math.max(0, Math.floor((now.getTime() - Date.parse(paid)) / HOUR_MS)),
        preparation: preparationState(new Date(paid), now),
      };
    })
    .sort((a, b) => a.paid_at.localeCompare(b.paid_at) || a.order_id.localeCompare(b.order_id));
}

/** No news: the last La Poste event, or the shipping itself when it has none (unknown number, no API key). */
export function stuckParcels(orders: readonly TodoOrder[], now: Date): StuckParcel[] {
  return orders
    .filter((order) => order.status === "shipped")
    .flatMap((order) => {
      const last = order.tracking_events?.at(-1);
      const shipped = [...order.status_history].reverse().find((entry) => entry.status === "shipped")?.at;
      const since = last?.at ?? shipped ?? order.updated_at ?? order.created_at;
      const days = Math.floor((now.getTime() - Date.parse(since)) / (24 * HOUR_MS));
      if (days < STUCK_PARCEL_DAYS) return [];
      return [
        {
          order_id: order.id,
          order_number: orderNumber(order.id),
          customer: customerOf(order),
          carrier: order.shipping_company?.trim() || "Transporteur non renseigné",
          tracking_number: order.tracking_number ?? "",
          last_news_at: since,
          days_without_news: days,
          last_event: last?.label ?? null,
        },
      ];
    })
    .sort((a, b) => a.last_news_at.localeCompare(b.last_news_at) || a.order_id.localeCompare(b.order_id));
}

/** A product not in `stockLeft` is not judged. */
export function transfersAwaited(
  orders: readonly TodoOrder[],
  now: Date,
  stockLeft: ReadonlyMap<number, number> = new Map(),
): TransferAwaited[] {
  const today = parisDay(now);
  return orders
    .filter(
      (order) =>
        order.payment_method === "bank_transfer" &&
        order.status === "pending" &&
        order.payment_status === "pending",
    )
    .map((order) => ({
      order_id: order.id,
      order_number: orderNumber(order.id),
      customer: customerOf(order),
      reference: order.transfer_reference ?? null,
      amount_cents: order.total_cents,
      created_at: order.created_at,
      age_days: Math.max(0, calendarDaysBetween(parisDay(new Date(order.created_at)), today)),
      reminded_at: order.transfer_reminded_at ?? null,
      holds_most_of: (order.items ?? []).flatMap((line) => {
        const left = stockLeft.get(line.product_id);
        return left !== undefined && holdsMostOf(line.quantity, left)
          ? [{ product_id: line.product_id, product_name: line.product_name, quantity: line.quantity, left }]
          : [];
      }),
    }))
    .sort((a, b) => a.created_at.localeCompare(b.created_at) || a.order_id.localeCompare(b.order_id));
}
