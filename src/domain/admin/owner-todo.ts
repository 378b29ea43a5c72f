/**
 * The owner's to-do list (issue 19): what she must do today, computed from what the services read. Pure rules, used
 * by the dashboard's endpoint (GET /api/admin/todo) and the daily summary e-mail, so both always say the same.
 * Every calendar day is a Europe/Paris day.
 */

import { once } from "../once";
import { orderNumber } from "../orders/order-status";
import { holdsMostOf } from "../orders/unpaid-holds";
import { calendarDaysBetween, parisDay } from "../promos/promo";
import { endOfParisDayAfter, REFUND_DAYS } from "../withdrawals/withdrawal";
import type { OwnerProblem } from "./owner-problems";

/** Spec 9: « préparation 24-48 h ». Past the first bound the order is due today; past the second, late. */
export const PREPARATION_TARGET_HOURS = 24;
export const PREPARATION_LIMIT_HOURS = 48;
/** A parcel with no news from the carrier for this many days is on the owner's list (issue 31). */
export const STUCK_PARCEL_DAYS = 7;
/** Batches expiring within this many days (or already expired) while units remain. */
export const BATCH_EXPIRY_WARNING_DAYS = 60;

const HOUR_MS = 3_600_000;

// ---------------------------------------------------------------------------------------------------------------
// What the rules read (structural: the order and product records fit as they are).

export interface TodoOrder {
  id: string;
  created_at: string;
  status: "pending" | "confirmed" | "shipped" | "delivered" | "cancelled";
  payment_method: "paypal" | "bank_transfer";
  payment_status: string;
  customer_name?: string | null;
  customer_email: string;
  total_cents: number;
  transfer_reference?: string | null;
  /** When the transfer reminder went out (set by the reminder job; read only here). */
  transfer_reminded_at?: string | null;
  status_history: readonly { status: string; at: string }[];
  refunds?: readonly { id: string; at: string; amount_cents: number; status: "due" | "done" }[] | null;
  updated_at?: string;
  shipping_company?: string | null;
  tracking_number?: string | null;
  /** La Poste's events, oldest first (the tracking job, issue 31). */
  tracking_events?: readonly { code: string; label: string; at: string }[] | null;
  /** The lines: what an unpaid order holds. */
  items?: readonly { product_id: number; product_name: string; quantity: number }[];
}

export interface TodoWithdrawal {
  id: string;
  order_id: string;
  order_number: string;
  requested_at: string;
  customer_name: string;
  customer_email: string;
  refund_state: "nothing_to_refund" | "refunded" | "refund_due" | "awaiting";
}

export interface TodoProduct {
  id: number;
  name: string;
  stock: number;
  low_stock_threshold: number;
  is_active: boolean;
}

export interface TodoBatch {
  product_id: number;
  lot: string;
  expires_on?: string | null;
  remaining: number;
}

export interface TodoPublishing {
  state: "up_to_date" | "pending" | "publishing" | "failed";
  error: string | null;
}

// ---------------------------------------------------------------------------------------------------------------
// The items.

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

export interface RefundDue {
  /** The withdrawal's id, or the order's id and refund id. */
  key: string;
  kind: "withdrawal" | "refund";
  order_id: string;
  order_number: string;
  customer: string;
  /** When the withdrawal was received, or when the refund was recorded. */
  since: string;
  /** What is left to do, in French. */
  action: string;
  /** The last second to refund (23:59:59 Paris, ISO UTC): L221-24, 14 days after the withdrawal or the return. */
  deadline: string;
  overdue: boolean;
  amount_cents: number | null;
}

export interface LowStockProduct {
  product_id: number;
  name: string;
  stock: number;
  threshold: number;
}

export interface ExpiringBatch {
  product_id: number;
  product_name: string;
  lot: string;
  expires_on: string;
  remaining: number;
  /** Paris calendar days from today to the expiry date (negative: expired). */
  days_left: number;
}

export interface PublishingFailure {
  error: string;
}

export interface OwnerTodo {
  generated_at: string;
  /** « Quelque chose ne va pas »: the machinery's problems (src/domain/admin/admin/owner-problems.ts), listed first. */
  problems: OwnerProblem[];
  to_ship: OrderToShip[];
  /** Shipped parcels with no news from the carrier for STUCK_PARCEL_DAYS days or more (issue 31). */
  stuck_parcels: StuckParcel[];
  transfers: TransferAwaited[];
  refunds: RefundDue[];
  low_stock: LowStockProduct[];
  expiring_batches: ExpiringBatch[];
  publishing: PublishingFailure | null;
  /** How many things there are to do, all lists together. */
  count: number;
}

const customerOf = (order: Pick<TodoOrder, "customer_name" | "customer_email">) =>
  order.customer_name?.trim() || order.customer_email;

// ---------------------------------------------------------------------------------------------------------------
// The rules, one per list.

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

/** The refund deadline counted from `since` (L221-24: 14 days), and whether it has passed at `now`. */
export function refundDeadlineOf(since: Date, now: Date): { deadline: string; overdue: boolean } {
  const deadline = endOfParisDayAfter(since, REFUND_DAYS);
  // Open up to the last millisecond of 23:59:59 Paris on the 14th day.
  return { deadline: deadline.toISOString(), overdue: now.getTime() >= deadline.getTime() + 1000 };
}

/**
 * Withdrawals whose refund is not settled yet (goods awaited, or a transfer to send back), refunds recorded as due
 * (a transfer the owner still has to send) and paid transfer orders cancelled before shipping, each once (an order
 * an open withdrawal lists is not listed again). They carry the 14-day deadline of Code de la consommation L221-24,
 * counted from the withdrawal, the recorded return or the cancellation. Soonest deadline first.
 */
export function refundsDue(
  withdrawals: readonly TodoWithdrawal[],
  orders: readonly TodoOrder[],
  now: Date,
): RefundDue[] {
  const open = withdrawals.filter(
    (item) => item.refund_state === "awaiting" || item.refund_state === "refund_due",
  );
  const fromWithdrawals: RefundDue[] = open.map((item) => ({
    key: item.id,
    kind: "withdrawal",
    order_id: item.order_id,
    order_number: item.order_number,
    customer: item.customer_name.trim() || item.customer_email,
    since: item.requested_at,
    action:
      item.refund_state === "awaiting"
        ? "Rétractation : recevoir les produits et enregistrer le retour"
        : "Rétractation : virement de remboursement à envoyer",
    ...refundDeadlineOf(new Date(item.requested_at), now),
    amount_cents: null,
  }));
  const listed = new Set(open.map((item) => item.order_id));
  const fromOrders: RefundDue[] = orders
    .filter((order) => !listed.has(order.id))
    .flatMap((order) =>
      (order.refunds ?? [])
        .filter((refund) => refund.status === "due")
        .map((refund) => ({
          key: `${order.id}/${refund.id}`,
          kind: "refund" as const,
          order_id: order.id,
          order_number: orderNumber(order.id),
          customer: customerOf(order),
          since: refund.at,
          action: "Remboursement par virement à envoyer",
          ...refundDeadlineOf(new Date(refund.at), now),
          amount_cents: refund.amount_cents,
        })),
    );
  // A paid transfer order cancelled before shipping: its money goes back by transfer (order-lifecycle.md,
  // "refund due"); 14 days from the cancellation, as L216-3 gives for a contract ended before delivery.
  const fromCancellations: RefundDue[] = orders
    .filter(
      (order) =>
        !listed.has(order.id) &&
        order.status === "cancelled" &&
        order.payment_status === "completed" &&
        order.payment_method === "bank_transfer",
    )
    .map((order) => {
      const cancelledAt =
        [...order.status_history].reverse().find((entry) => entry.status === "cancelled")?.at ??
        order.updated_at ??
        order.created_at;
      return {
        key: `${order.id}/cancellation`,
        kind: "refund" as const,
        order_id: order.id,
        order_number: orderNumber(order.id),
        customer: customerOf(order),
        since: cancelledAt,
        action: "Commande annulée : virement de remboursement à envoyer",
        ...refundDeadlineOf(new Date(cancelledAt), now),
        amount_cents: order.total_cents,
      };
    });
  return [...fromWithdrawals, ...fromOrders, ...fromCancellations].sort(
    (a, b) => a.deadline.localeCompare(b.deadline) || a.key.localeCompare(b.key),
  );
}

/** Products on sale whose stock is at or below their low-stock threshold (spec: the red band), fewest first. */
export function lowStockProducts(products: readonly TodoProduct[]): LowStockProduct[] {
  return products
    .filter((product) => product.is_active && product.stock <= product.low_stock_threshold)
    .map((product) => ({
      product_id: product.id,
      name: product.name,
      stock: product.stock,
      threshold: product.low_stock_threshold,
    }))
    .sort((a, b) => a.stock - b.stock || a.product_id - b.product_id);
}

/**
 * Batches with units left whose expiry date is at most 60 days away (day 60 included) or already past: sell them
 * first, or take them off sale. A batch known only by its PAO (months after opening) has no date to watch.
 */
export function expiringBatches(
  batches: readonly TodoBatch[],
  productNames: ReadonlyMap<number, string>,
  now: Date,
): ExpiringBatch[] {
  const today = parisDay(now);
  return batches
    .filter((batch) => batch.remaining > 0 && batch.expires_on)
    .map((batch) => ({
      product_id: batch.product_id,
      product_name: productNames.get(batch.product_id) ?? `Produit ${batch.product_id}`,
      lot: batch.lot,
      expires_on: batch.expires_on as string,
      remaining: batch.remaining,
      days_left: calendarDaysBetween(today, batch.expires_on as string),
    }))
    .filter((batch) => batch.days_left <= BATCH_EXPIRY_WARNING_DAYS)
    .sort((a, b) => a.expires_on.localeCompare(b.expires_on) || a.lot.localeCompare(b.lot));
}

/** The site's last publish failed and nothing has published since (the dashboard's « Échec de la publication »). */
export function publishingFailure(status: TodoPublishing): PublishingFailure | null {
  return status.state === "failed" ? { error: status.error ?? "Erreur inconnue" } : null;
}

export interface TodoFacts {
  /** The orders still open (not shipped, not settled): see functions/admin/owner-todo.ts. */
  orders: readonly TodoOrder[];
  withdrawals: readonly TodoWithdrawal[];
  products: readonly TodoProduct[];
  batches: readonly TodoBatch[];
  publishing: TodoPublishing;
  /** The machinery's problems as recorded (functions/platform/owner-problems.ts); none when absent. */
  problems?: readonly OwnerProblem[];
}

/** The whole list at `now`. */
export function ownerTodo(facts: TodoFacts, now: Date): OwnerTodo {
  const names = new Map(facts.products.map((product) => [product.id, product.name]));
  const todo = {
    generated_at: now.toISOString(),
    problems: [...(facts.problems ?? [])],
    to_ship: ordersToShip(facts.orders, now),
    stuck_parcels: stuckParcels(facts.orders, now),
    transfers: transfersAwaited(
      facts.orders,
      now,
      new Map(facts.products.map((product) => [product.id, product.stock])),
    ),
    refunds: refundsDue(facts.withdrawals, facts.orders, now),
    low_stock: lowStockProducts(facts.products),
    expiring_batches: expiringBatches(facts.batches, names, now),
    publishing: publishingFailure(facts.publishing),
  };
  const count =
    todo.problems.length +
    todo.to_ship.length +
    todo.stuck_parcels.length +
    todo.transfers.length +
    todo.refunds.length +
    todo.low_stock.length +
    todo.expiring_batches.length +
    (todo.publishing ? 1 : 0);
  return { ...todo, count };
}

// ---------------------------------------------------------------------------------------------------------------
// The daily summary's hour.

/** The summary leaves at 8:00 Paris time (summer and winter alike). */
export const DAILY_SUMMARY_HOUR = 8;

const parisHourFormat = once(
  () =>
    new Intl.DateTimeFormat("en-GB", {
      timeZone: "Europe/Paris",
      hour: "2-digit",
      hourCycle: "h23",
    }),
);

/** Whether it is 8:00 Paris time or later on the day of `now` (a run before that waits for the next one). */
export function isDailySummaryTime(now: Date): boolean {
  return Number(parisHourFormat().format(now)) >= DAILY_SUMMARY_HOUR;
}

// ---------------------------------------------------------------------------------------------------------------
// Where each thing is done: the admin's tab, with the order or product opened where the tab can.

export const todoLinks = {
  order: (number: string) => `/admin#commandes/${encodeURIComponent(number)}`,
  product: (id: number) => `/admin#produits/${id}`,
  publishing: "/admin#statistiques",
  dailySummarySetting: "/admin#parametres/daily_summary",
} as const;

export const PREPARATION_LABELS: Record<PreparationState, string> = {
  on_time: "Dans les temps",
  due: "À expédier aujourd'hui (plus de 24 h)",
  late: "Délai de préparation dépassé (plus de 48 h)",
};

/** « aujourd'hui », « 1 jour », « 5 jours ». */
export function ageLabel(days: number): string {
  if (days <= 0) return "aujourd'hui";
  return days === 1 ? "depuis 1 jour" : `depuis ${days} jours`;
}
