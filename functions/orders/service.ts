import type { EntityItem } from "electrodb";
import { centsToEuros } from "../../src/domain/money";
import { isGuestOrder } from "../../src/domain/orders/guest";
import { lineReductionView } from "../../src/domain/orders/line-reduction";
import type { Order } from "../../src/domain/orders/order";
import { awaitsTransfer, type OrderStatus } from "../../src/domain/orders/order-status";
import { unpackedHours } from "../../src/domain/orders/pickup-point";
import { batchGetAll } from "../platform/db/batch-get";
import type { DataDeps } from "../platform/deps";
import { getSettings } from "../settings/service";
import type { OrderEntity } from "./entity";
import { orderEntity } from "./entity";

export type OrderRecord = EntityItem<OrderEntity>;

/** Absent rather than undefined, so the item's JSON and its equality in tests stay as before for a line at its price. */
const withReduction = (reduction: ReturnType<typeof lineReductionView>) => (reduction ? { reduction } : {});

export function toOrder(record: OrderRecord): Order {
  const address = record.shipping_address;
  return {
    id: record.id,
    order_number: record.id.slice(-8),
    created_at: record.created_at,
    status: record.status,
    total_amount: centsToEuros(record.total_cents),
    original_total: centsToEuros(record.subtotal_cents + record.shipping_cents),
    subtotal_amount: centsToEuros(record.subtotal_cents),
    shipping_amount: centsToEuros(record.shipping_cents),
    discount_amount: centsToEuros(record.discount_cents),
    free_shipping_threshold: centsToEuros(record.free_shipping_threshold_cents),
    payment_method: record.payment_method,
    payment_status: record.payment_status,
    promo_code: record.promo_code
      ? { code: record.promo_code, discount_amount: centsToEuros(record.discount_cents) }
      : null,
    order_notes: record.order_notes ?? null,
    transfer_reference: record.transfer_reference ?? null,
    paypal_order_id: record.paypal_order_id ?? null,
    paypal_payer_id: record.paypal_payer_id ?? null,
    paypal_capture_id: record.paypal_capture_id ?? null,
    shipping_company: record.shipping_company ?? null,
    tracking_number: record.tracking_number ?? null,
    estimated_delivery: record.estimated_delivery ?? null,
    shipping_notes: record.shipping_notes ?? null,
    has_shipping_label: Boolean(record.shipping_label_key),
    tracking_events: (record.tracking_events ?? []).map(({ code, label, at }) => ({ code, label, at })),
    shipping_address: {
      first_name: address.first_name,
      last_name: address.last_name,
      phone: address.phone,
      address_line1: address.address_line1,
      address_line2: address.address_line2 ?? null,
      city: address.city,
      postal_code: address.postal_code,
      country: address.country as Order["shipping_address"]["country"],
    },
    delivery_mode: record.pickup_point ? "pickup" : "home",
    pickup_point: record.pickup_point
      ? {
          id: record.pickup_point.id,
          name: record.pickup_point.name,
          address_line1: record.pickup_point.address_line1,
          address_line2: record.pickup_point.address_line2 ?? null,
          postal_code: record.pickup_point.postal_code,
          city: record.pickup_point.city,
          country_code: record.pickup_point.country_code,
          opening_hours: unpackedHours(record.pickup_point.opening_hours),
          phone: record.pickup_point.phone,
        }
      : null,
    invoice_number: record.invoice_number ?? null,
    credit_note_number: record.credit_note_number ?? null,
    refunds: (record.refunds ?? []).map((refund) => ({
      id: refund.id,
      at: refund.at,
      lines: refund.lines.map(({ index, product_name, quantity, restock }) => ({
        index,
        product_name,
        quantity,
        restock,
      })),
      amount: centsToEuros(refund.amount_cents),
      shipping_amount: centsToEuros(refund.shipping_cents),
      method: refund.method,
      status: refund.status,
      credit_note_number: refund.credit_note_number,
      done_at: refund.done_at ?? null,
    })),
    refunded_amount: centsToEuros(record.refunded_cents ?? 0),
    auto_refund_id: record.auto_refund_id ?? null,
    version: record.version ?? 0,
    user: { full_name: record.customer_name ?? "", email: record.customer_email },
    is_guest: isGuestOrder(record),
    items: record.items.map((item, index) => ({
      id: `${record.id}-${index + 1}`,
      product_id: item.product_id,
      product_name: item.product_name,
      product_image: item.product_image,
      unit_price: centsToEuros(item.unit_price_cents),
      quantity: item.quantity,
      total_price: centsToEuros(item.unit_price_cents * item.quantity),
      lots: (item.lots ?? []).map(({ lot, quantity }) => ({ lot, quantity })),
      ...withReduction(lineReductionView(item.unit_price_cents, item.reduction)),
    })),
    status_history: (record.status_history ?? []).map((entry) => ({
      status: entry.status as OrderStatus,
      at: entry.at,
    })),
  };
}

export async function listUserOrders(deps: DataDeps, userId: string): Promise<Order[]> {
  const { data } = await orderEntity(deps.db)
    .query.byUser({ user_id: userId })
    .go({ order: "desc", pages: "all" });
  return withTransferInstructions(deps, data.map(toOrder));
}

/** So a customer who did not note them finds them on « Mes commandes ». The IBAN stays in the e-mail only. */
export async function withTransferInstructions(deps: DataDeps, orders: Order[]): Promise<Order[]> {
  if (!orders.some(awaitsTransfer)) return orders.map((order) => ({ ...order, transfer_instructions: null }));
  const { payment_bank_transfer: bank } = await getSettings(deps, ["payment_bank_transfer"]);
  return orders.map((order) => ({
    ...order,
    transfer_instructions: awaitsTransfer(order)
      ? {
          amount: order.total_amount,
          reference: order.transfer_reference ?? "",
          beneficiary: bank.beneficiary,
          bic: bank.bic,
          bank_name: bank.bank_name,
        }
      : null,
  }));
}

/** Orders by id, those that exist, in one batch read: what a recall of a lot lists (handed to batches by main). */
export async function ordersByIds(deps: DataDeps, ids: readonly string[]): Promise<OrderRecord[]> {
  if (!ids.length) return [];
  return (
    await orderEntity(deps.db)
      .get(ids.map((id) => ({ id })))
      .go()
  ).data;
}

/** The label key each order records (undefined: none), read 100 at a time; orders that are gone are left out. */
export async function labelKeysOf(
  deps: DataDeps,
  orderIds: readonly string[],
): Promise<Map<string, string | undefined>> {
  const recorded = new Map<string, string | undefined>();
  for (let start = 0; start < orderIds.length; start += 100) {
    const orders = await batchGetAll(
      (keys) =>
        orderEntity(deps.db)
          .get(keys)
          .go({ attributes: ["id", "shipping_label_key"] }),
      orderIds.slice(start, start + 100).map((id) => ({ id })),
    );
    for (const order of orders) recorded.set(order.id, order.shipping_label_key);
  }
  return recorded;
}

/** Every order in `status`: the newest-first index, filtered (no index by status). */
export async function ordersInStatus(deps: DataDeps, status: OrderStatus): Promise<OrderRecord[]> {
  const { data } = await orderEntity(deps.db)
    .query.all({})
    .where(({ status: current }, { eq }) => eq(current, status))
    .go({ pages: "all" });
  return data;
}

/** The delivered orders created since `from` (ISO): the newest-first index bounded by the date, filtered. */
export async function deliveredOrdersCreatedSince(deps: DataDeps, from: string): Promise<OrderRecord[]> {
  const { data } = await orderEntity(deps.db)
    .query.all({})
    .gte({ created_at: from })
    .where(({ status }, { eq }) => eq(status, "delivered"))
    .go({ pages: "all" });
  return data;
}

/** An order by id, null when there is none. */
export async function findOrder(deps: DataDeps, id: string): Promise<OrderRecord | null> {
  return (await orderEntity(deps.db).get({ id }).go()).data;
}

/** Every order of a user id (an account's, or a guest's e-mail-derived one), oldest first unless told. */
export async function ordersOfUser(
  deps: DataDeps,
  userId: string,
  options: { newestFirst?: boolean } = {},
): Promise<OrderRecord[]> {
  const order = options.newestFirst ? "desc" : "asc";
  return (await orderEntity(deps.db).query.byUser({ user_id: userId }).go({ order, pages: "all" })).data;
}

/** Whether a user id has placed any order (one item read). */
export async function hasOrders(deps: DataDeps, userId: string): Promise<boolean> {
  return (await orderEntity(deps.db).query.byUser({ user_id: userId }).go({ limit: 1 })).data.length > 0;
}

/** Every order, only the fields asked for: a scan of the newest-first index. */
export async function allOrders<const F extends keyof OrderRecord>(
  deps: DataDeps,
  fields: readonly F[],
): Promise<Pick<OrderRecord, F>[]> {
  const { data } = await orderEntity(deps.db)
    .query.all({})
    .go({ pages: "all", attributes: [...fields] });
  return data as Pick<OrderRecord, F>[];
}

/** Up to `limit` orders, newest first, older than `after` when given; a cursor when there are more. */
export async function ordersNewestFirst(
  deps: DataDeps,
  after: { created_at: string; id: string } | null,
  limit: number,
): Promise<{ data: OrderRecord[]; cursor: string | null }> {
  const all = orderEntity(deps.db).query.all({});
  return (after ? all.lt({ created_at: after.created_at, id: after.id }) : all).go({ order: "desc", limit });
}
