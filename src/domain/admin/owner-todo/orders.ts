/**
 * The to-do list's order items: paid orders to ship with their preparation delay (spec 9), parcels with no
 * news from the carrier, and bank transfers still awaited. Every calendar day is a Europe/Paris day.
 */

import { orderNumber } from "../../orders/order-status";
import { holdsMostOf } from "../../orders/unpaid-holds";
import { calendarDaysBetween, parisDay } from "../../paris-time";
import { customerOf, type TodoOrder } from "./facts";

/** Spec 9: « préparation 24-48 h ». Past the first bound the order is due today; past the second, late. */
export const PREPARATION_TARGET_HOURS = 24;
export const PREPARATION_LIMIT_HOURS = 48;
/** A parcel with no news from the carrier for this many days is on the owner's list. */
export const STUCK_PARCEL_DAYS = 7;

const HOUR_MS = 3_600_000;

/** Where the preparation of a paid order stands: under 24 h, between 24 and 48 h, past 48 h. */
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
  /** The last event La Poste gave, or the shipping when it gave none. */
  last_news_at: string;
  days_without_news: number;
  /** The last event's French label, or null when La Poste has said nothing yet. */
  last_event: string | null;
}

export interface TransferAwaited {
  order_id: string;
  order_number: string;
  customer: string;
  reference: string | null;
  amount_cents: number;
  created_at: string;
  /** Paris calendar days since the order was placed (0 on its own day). */
  age_days: number;
  reminded_at: string | null;
  /**
   * The lines that hold most of their product, unpaid: more units than are left for sale (holdsMostOf). The owner
   * may call the buyer, or cancel, rather than leave the product out of stock for the transfer's whole delay.
   */
  holds_most_of: { product_id: number; product_name: string; quantity: number; left: number }[];
}

/** When the order was paid: the lifecycle writes "confirmed" to the history with the payment. */
export function paidAt(order: Pick<TodoOrder, "status_history" | "created_at">): string {
  return order.status_history.find((entry) => entry.status === "confirmed")?.at ?? order.created_at;
}

/** Exactly 24 h waiting is still on time; exactly 48 h is due, not late: the promise is « 24-48 h ». */
export function preparationState(paid: Date, now: Date): PreparationState {
  const waited = now.getTime() - paid.getTime();
  if (waited > PREPARATION_LIMIT_HOURS * HOUR_MS) return "late";
  if (waited > PREPARATION_TARGET_HOURS * HOUR_MS) return "due";
  return "on_time";
}

/** Paid and not shipped yet (status confirmed), oldest payment first. */
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

/**
 * Shipped orders whose parcel has had no news for STUCK_PARCEL_DAYS days: the last of La Poste's events, or the
 * shipping itself when it has none (a typed tracking number La Poste does not know, or no API key). Oldest news first.
 */
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

/**
 * Bank-transfer orders still waiting for their money, oldest first, with their age in Paris days and the lines that
 * hold most of a product (`stockLeft`: each product's units left for sale; a product not in it is not judged).
 */
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
