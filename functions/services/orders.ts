import type { EntityItem } from "electrodb";
import { CHECKOUT_COUNTRIES } from "../../src/domain/address";
import { DomainError } from "../../src/domain/errors";
import { centsToEuros, eurosToCents } from "../../src/domain/money";
import type { Order, OrderRequest } from "../../src/domain/order";
import type { OrderStatus, PaymentMethod } from "../../src/domain/order-status";
import { mergeLines, priceOrder, type Totals } from "../../src/domain/pricing";
import { discountTerms, parisDay, promoRejection } from "../../src/domain/promo";
import { shippingRuleCents } from "../../src/domain/settings";
import { orderStatsDelta, parisMonth } from "../../src/domain/stats";
import { newId } from "../adapters/ids";
import type { OrderEntity } from "../db/entities/order";
import type { ProductEntity } from "../db/entities/product";
import { getAddress } from "./addresses";
import type { AuthUser } from "./auth";
import type { DataDeps } from "./deps";
import { explainCancellation, type TransactionPart } from "./order-transaction";
import { getPromo, type PromoRecord, promoError, toPromoRules, usesToday } from "./promos";
import { getSetting } from "./settings";

export type OrderRecord = EntityItem<typeof OrderEntity>;
type ProductRecord = EntityItem<typeof ProductEntity>;

const IDEMPOTENCY_TTL_S = 24 * 3600;
const MAX_ATTEMPTS = 12;

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
    invoice_number: record.invoice_number ?? null,
    credit_note_number: record.credit_note_number ?? null,
    user: { full_name: record.customer_name ?? "", email: record.customer_email },
    items: record.items.map((item, index) => ({
      id: `${record.id}-${index + 1}`,
      product_id: item.product_id,
      product_name: item.product_name,
      product_image: item.product_image,
      unit_price: centsToEuros(item.unit_price_cents),
      quantity: item.quantity,
      total_price: centsToEuros(item.unit_price_cents * item.quantity),
    })),
    status_history: (record.status_history ?? []).map((entry) => ({
      status: entry.status as OrderStatus,
      at: entry.at,
    })),
  };
}

/** The totals as the API shows them, in euros (PRICE_CHANGED carries them so the screen can refresh). */
export function totalsInEuros(totals: Totals) {
  return {
    subtotal_amount: centsToEuros(totals.subtotal),
    shipping_amount: centsToEuros(totals.shipping),
    discount_amount: centsToEuros(totals.discount),
    total_amount: centsToEuros(totals.total),
  };
}

async function loadProducts(deps: DataDeps, ids: number[]): Promise<Map<number, ProductRecord>> {
  const { data } = await deps.db.entities.product.get(ids.map((id) => ({ id }))).go();
  return new Map(data.map((product) => [product.id, product]));
}

export interface PlaceOrderOptions {
  paymentMethod: PaymentMethod;
  idempotencyKey?: string;
  /** Bank transfer: the name of the person who will send the transfer. */
  transferSenderName?: string;
}

export interface PlacedOrder {
  order: OrderRecord;
  /** True when an earlier request with the same Idempotency-Key had already placed it. */
  replayed: boolean;
}

/**
 * Places an order: prices from the catalogue, shipping from the settings, the promo checked again, and in ONE
 * DynamoDB transaction: every line's stock decremented on the condition that enough is left, the promo's
 * global and per-customer-per-day counters incremented under their limits, the usage record, the order and
 * the Idempotency-Key. Collisions with concurrent orders are retried; a failed condition is a 409.
 * The order starts pending/pending (bank transfer awaiting the transfer, or PayPal awaiting capture: a hold).
 */
export async function placeOrder(
  deps: DataDeps,
  user: AuthUser,
  request: OrderRequest,
  options: PlaceOrderOptions,
): Promise<PlacedOrder> {
  const maintenance = await getSetting(deps, "maintenance");
  if (maintenance.enabled && !user.is_admin) throw new DomainError("MAINTENANCE");

  if (options.idempotencyKey) {
    const existing = await findByIdempotencyKey(deps, user.id, options.idempotencyKey);
    if (existing) return { order: existing, replayed: true };
  }

  const lines = mergeLines(request.items);
  const products = await loadProducts(
    deps,
    lines.map((line) => line.product_id),
  );
  const priced = lines.map((line) => {
    const product = products.get(line.product_id);
    if (!product?.is_active) {
      throw new DomainError(
        "PRODUCT_UNAVAILABLE",
        product ? `Le produit « ${product.name} » n'est plus disponible.` : undefined,
      );
    }
    if (product.stock < line.quantity) {
      throw new DomainError(
        "OUT_OF_STOCK",
        `Stock insuffisant pour « ${product.name} » : ${Math.max(product.stock, 0)} disponible(s).`,
        { product: product.name, available: Math.max(product.stock, 0) },
      );
    }
    return { product, quantity: line.quantity, unitPriceCents: product.price_cents };
  });

  const address = await getAddress(deps, user.id, request.shipping_address_id);
  if (!CHECKOUT_COUNTRIES.includes(address.country)) throw new DomainError("DELIVERY_COUNTRY");

  const shippingRule = shippingRuleCents(await getSetting(deps, "shipping"));
  const subtotal = priced.reduce((sum, line) => sum + line.unitPriceCents * line.quantity, 0);

  let promo: PromoRecord | null = null;
  if (request.promo_code_id) {
    promo = await getPromo(deps, request.promo_code_id);
    const reason = promoRejection(promo ? toPromoRules(promo) : null, {
      subtotal,
      now: deps.clock(),
      usesToday: promo ? await usesToday(deps, promo.id, user.id) : 0,
    });
    if (reason) throw promoError(reason, promo);
  }

  const totals = priceOrder(priced, shippingRule, promo ? discountTerms(toPromoRules(promo)) : null);
  if (eurosToCents(request.total_amount) !== totals.total) {
    throw new DomainError("PRICE_CHANGED", undefined, { totals: totalsInEuros(totals) });
  }

  const now = deps.clock();
  const id = newId();
  const createdAt = now.toISOString();
  const record: OrderRecord = {
    id,
    user_id: user.id,
    customer_email: user.email,
    customer_name: user.full_name ?? "",
    created_at: createdAt,
    updated_at: createdAt,
    status: "pending",
    payment_method: options.paymentMethod,
    payment_status: "pending",
    items: priced.map(({ product, quantity, unitPriceCents }) => ({
      product_id: product.id,
      product_name: product.name,
      product_image: product.image,
      unit_price_cents: unitPriceCents,
      quantity,
    })),
    subtotal_cents: totals.subtotal,
    shipping_cents: totals.shipping,
    discount_cents: totals.discount,
    total_cents: totals.total,
    free_shipping_threshold_cents: shippingRule.freeThreshold,
    promo_id: promo?.id,
    promo_code: promo?.code,
    shipping_address: {
      first_name: address.first_name,
      last_name: address.last_name,
      phone: address.phone,
      address_line1: address.address_line1,
      address_line2: address.address_line2 ?? undefined,
      city: address.city,
      postal_code: address.postal_code,
      country: address.country,
    },
    order_notes: request.order_notes ?? undefined,
    transfer_reference: options.paymentMethod === "bank_transfer" ? `CMD-${id.slice(-8)}` : undefined,
    transfer_sender_name: options.transferSenderName,
    status_history: [{ status: "pending", at: createdAt }],
  };

  const day = parisDay(now);
  const parts: TransactionPart[] = [];
  for (let attempt = 1; ; attempt++) {
    parts.length = 0;
    const { canceled, data } = await deps.db.service.transaction
      .write(({ product, promo: promoEntity, promoDailyUse, promoUsage, order, idempotencyKey, stats }) => {
        const items = [];
        for (const line of priced) {
          parts.push({ kind: "stock", productName: line.product.name });
          items.push(
            product
              .patch({ id: line.product.id })
              .subtract({ stock: line.quantity })
              .where(
                ({ stock, is_active }, { gte, eq }) =>
                  `${gte(stock, line.quantity)} AND ${eq(is_active, true)}`,
              )
              .commit(),
          );
        }
        if (promo) {
          const current = promo;
          parts.push({ kind: "promo" });
          items.push(
            promoEntity
              .patch({ id: current.id })
              .add({ usage_count: 1 })
              .where(({ usage_count, usage_limit, is_active }, { lt, notExists, eq }) =>
                current.usage_limit == null
                  ? `${notExists(usage_limit)} AND ${eq(is_active, true)}`
                  : `${lt(usage_count, current.usage_limit)} AND ${eq(is_active, true)}`,
              )
              .commit(),
          );
          parts.push({ kind: "promo_user" });
          items.push(
            promoDailyUse
              .update({ promo_id: current.id, user_id: user.id, day })
              .add({ count: 1 })
              .set({ expires_at_ttl: Math.ceil(now.getTime() / 1000) + 3 * 86_400 })
              .where(
                ({ count }, { notExists, lt }) =>
                  `${notExists(count)} OR ${lt(count, current.max_uses_per_user)}`,
              )
              .commit(),
          );
          parts.push({ kind: "other" });
          items.push(
            promoUsage
              .create({
                promo_id: current.id,
                order_id: id,
                user_id: user.id,
                discount_cents: totals.discount,
                used_at: createdAt,
              })
              .commit(),
          );
        }
        parts.push({ kind: "other" });
        items.push(order.create(record).commit());
        parts.push({ kind: "other" }, { kind: "other" });
        items.push(
          stats.update({ scope: "all" }).add(orderStatsDelta(null, record)).commit(),
          stats
            .update({ scope: `month-${parisMonth(now)}` })
            .add({ orders: 1 })
            .commit(),
        );
        if (options.idempotencyKey) {
          parts.push({ kind: "idempotency" });
          items.push(
            idempotencyKey
              .create({
                user_id: user.id,
                key: options.idempotencyKey,
                order_id: id,
                expires_at_ttl: Math.ceil(now.getTime() / 1000) + IDEMPOTENCY_TTL_S,
              })
              .commit(),
          );
        }
        return items;
      })
      .go();
    if (!canceled) return { order: record, replayed: false };

    const outcome = explainCancellation(data, parts);
    if ("error" in outcome) throw outcome.error;
    if ("replay" in outcome && options.idempotencyKey) {
      const existing = await findByIdempotencyKey(deps, user.id, options.idempotencyKey);
      if (existing) return { order: existing, replayed: true };
    }
    if (attempt >= MAX_ATTEMPTS) {
      throw new DomainError(
        "CONFLICT",
        "La boutique est très sollicitée : veuillez réessayer dans un instant.",
      );
    }
    // Collided with concurrent orders on the same items: back off with jitter and try again.
    await new Promise((resolve) => setTimeout(resolve, Math.random() * 25 * attempt));
  }
}

async function findByIdempotencyKey(
  deps: DataDeps,
  userId: string,
  key: string,
): Promise<OrderRecord | null> {
  const { data } = await deps.db.entities.idempotencyKey.get({ user_id: userId, key }).go();
  if (!data) return null;
  return (await deps.db.entities.order.get({ id: data.order_id }).go()).data;
}

/** The customer's orders, newest first. */
export async function listUserOrders(deps: DataDeps, userId: string): Promise<Order[]> {
  const { data } = await deps.db.entities.order.query
    .byUser({ user_id: userId })
    .go({ order: "desc", pages: "all" });
  return data.map(toOrder);
}

/** Any order, for the admin. */
export async function getOrder(deps: DataDeps, id: string): Promise<OrderRecord> {
  const { data } = await deps.db.entities.order.get({ id }).go();
  if (!data) throw new DomainError("ORDER_NOT_FOUND");
  return data;
}

/** One of the customer's orders; someone else's order is 'not found', exactly like a made-up id. */
export async function getUserOrder(deps: DataDeps, userId: string, id: string): Promise<OrderRecord> {
  const { data } = await deps.db.entities.order.get({ id }).go();
  if (!data || data.user_id !== userId) throw new DomainError("ORDER_NOT_FOUND");
  return data;
}
