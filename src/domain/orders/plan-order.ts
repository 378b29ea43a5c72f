/**
 * Placing an order, the pure part (issue 29): from what one round of reads found, `planOrder` decides the whole order
 * (the rules in their order, the prices, the promo, the lots, the stats) and says what the order's transaction must
 * write and what follows it, without reading or writing anything. The service (functions/services/place-order/) reads
 * once, calls it, builds the transaction from its answer and, when a condition failed ("stale"), reads what is left
 * and plans again (retryOnStale, decision record 041).
 *
 * The rules are judged in the order the answers have always had (decision record 024): maintenance (admins pass),
 * the shop's setup and the payment method, a request already made under the Idempotency-Key (replayed, or 422 when
 * it is another request), the products (gone, inactive, too few units), the delivery address, the pick-up point
 * (issue 31: offered, named with a mobile, found by a recent search), the promo code, and
 * the total the customer saw (PRICE_CHANGED, with the server's totals). The first refusal is the answer.
 */
import { CHECKOUT_COUNTRIES, type Country } from "../accounts/address";
import { type OrderFacts, orderStatsDelta, parisMonth, type StatsDelta } from "../admin/stats";
import { allocateLots, type BatchStock, type LotTaken } from "../batches/batches";
import { mainImage, type ProductPhoto } from "../catalog/product-photos";
import { type SaleWatch, saleWatch } from "../catalog/stock-alerts";
import { DomainError } from "../errors";
import { type Cents, eurosToCents } from "../money";
import { discountTerms, type PromoRules, promoRejection, promoRejectionMessage } from "../promos/promo";
import { type ShippingSetting, shippingRuleCents } from "../settings/settings";
import { type ShopSetup, sellRefusal } from "../settings/shop-setup";
import {
  frenchMobile,
  type OrderPickupPoint,
  type PickupPoint,
  packedHours,
  pickupMessages,
} from "../shipping/pickup-point";
import { isGuestUserId, promoUseSubjectOf } from "./guest";
import type { OrderBody } from "./order";
import type { PaymentMethod } from "./order-status";
import { mergeLines, priceOrder, subtotalOf, type Totals, totalsInEuros } from "./pricing";
import { UNPAID_UNITS_PER_PRODUCT, unpaidHoldMessage, unpaidHoldSubjects } from "./unpaid-holds";

/** A product as the order reads it (the catalogue's row). */
export interface OrderProduct {
  id: number;
  name: string;
  price_cents: Cents;
  stock: number;
  is_active: boolean;
  low_stock_threshold: number;
  low_stock_alerted_at?: string | null;
  image: string;
  photos?: readonly ProductPhoto[];
}

/** The customer's delivery address, as stored in her address book. */
export interface OrderAddress {
  first_name: string;
  last_name: string;
  phone: string;
  address_line1: string;
  address_line2?: string | null;
  city: string;
  postal_code: string;
  country: string;
}

/** The Idempotency-Key of the request, its fingerprint, and what is stored under it already (null: nothing). */
export interface IdempotencyInput {
  key: string;
  fingerprint: string;
  earlier: { fingerprint?: string; order_id: string } | null;
}

/** Everything an order is decided from: the request, the caller, and what the read round found. */
export interface OrderInputs {
  /** The new order's id (the same on every attempt). */
  id: string;
  /** When the order is placed: its date, the promo's Paris day, the stats' month. */
  now: Date;
  /** When this attempt's stock movements are written (after its stock was read, so they sort as they happened). */
  movedAt: string;
  /**
   * False on an attempt after a failed condition: each line's low-stock threshold is then checked after the write
   * whatever was read (the stock moved meanwhile, SaleWatch "check").
   */
  firstAttempt: boolean;
  user: { id: string; email: string; full_name?: string | null; is_admin?: boolean | null };
  paymentMethod: PaymentMethod;
  /** Bank transfer: the name of the person who will send the transfer. */
  transferSenderName?: string;
  request: OrderBody;
  maintenance: { enabled: boolean };
  setup: ShopSetup;
  shipping: ShippingSetting;
  idempotency: IdempotencyInput | null;
  products: ReadonlyMap<number, OrderProduct>;
  address: OrderAddress | null;
  promo: (PromoRules & { id: string }) | null;
  /** Whether delivery to a pick-up point is offered now (pickupOffered: the « Colissimo » card is complete). */
  pickupOffered: boolean;
  /** The pick-up point the request names, as a search found it and until when it may be named; null: none found. */
  pickupPoint: (Omit<PickupPoint, "distance_m"> & { expires_at: string }) | null;
  /** The uses of the promo on today's Paris day by whom this order counts (promoUseSubjectOf; 0 without a promo). */
  promoUsesToday: number;
  /** Each product's batches as read (the first-expiring lots are taken first, decision record 018). */
  batches: ReadonlyMap<number, readonly BatchStock[]>;
}

/** The order as it is stored: pending / pending, the lines and totals frozen, the address copied. */
export interface PlannedOrder {
  id: string;
  user_id: string;
  customer_email: string;
  customer_name: string;
  created_at: string;
  updated_at: string;
  status: "pending";
  payment_method: PaymentMethod;
  payment_status: "pending";
  items: {
    product_id: number;
    product_name: string;
    product_image: string;
    unit_price_cents: Cents;
    quantity: number;
    lots?: LotTaken[];
  }[];
  subtotal_cents: Cents;
  shipping_cents: Cents;
  discount_cents: Cents;
  total_cents: Cents;
  free_shipping_threshold_cents: Cents;
  promo_id?: string;
  promo_code?: string;
  /** Whose uses of the promo today this order counts (promoUseSubjectOf), given back if it is released. */
  promo_use_subject?: string;
  /** A guest's order: the subjects its unpaid units count under (unpaidHoldSubjects), given back when paid or released. */
  unpaid_hold_subjects?: string[];
  shipping_address: Omit<OrderAddress, "address_line2"> & { address_line2?: string };
  /** Issue 31: the pick-up point the parcel goes to (absent: home delivery). */
  pickup_point?: Omit<OrderPickupPoint, "address_line2" | "opening_hours"> & {
    address_line2?: string;
    /** One string a day (packedHours). */
    opening_hours: string[];
  };
  order_notes?: string;
  transfer_reference?: string;
  transfer_sender_name?: string;
  status_history: { status: "pending"; at: string }[];
}

/** Counters to add on one scope of the dashboard's stats (on the order's own shard). */
export interface StatsChange {
  scope: string;
  delta: Partial<StatsDelta>;
}

/** What the order's transaction writes besides the order, and what follows once it is written. */
export interface OrderEffects {
  /** Each product's stock as read: its sale is conditioned on it, its movement says what is left. */
  stocks: ReadonlyMap<number, number>;
  /** The low-stock assumption each line's sale is written under (decision record 026). */
  watches: ReadonlyMap<number, SaleWatch>;
  /** The promo's uses to count, under its limits (its global limit, the customer's per day). */
  promo: { id: string; usage_limit: number | null; max_uses_per_user: number } | null;
  /** A guest's units to count under each of her subjects, within UNPAID_UNITS_PER_PRODUCT (unpaid-holds.ts). */
  unpaidHolds: { subject: string; productId: number; productName: string; quantity: number }[];
  /** The Idempotency-Key to store with the request's fingerprint: a second request with it replays this order. */
  idempotencyKey?: string;
  fingerprint?: string;
  now: Date;
  movedAt: string;
  stats: StatsChange[];
  /** After the write: the products whose low-stock threshold may have been reached (one conditional write each). */
  lowStockChecks: number[];
  /** After the write: the products whose last units this order sold (their pages say so after a publish). */
  soldOut: string[];
}

export type OrderPlan =
  | { kind: "refused"; error: DomainError }
  | { kind: "replay"; orderId: string }
  | { kind: "order"; record: PlannedOrder; effects: OrderEffects };

/**
 * A key already stored: the same fingerprint is a retry (the first answer is given again); another one is a
 * different request reusing the key, refused with 422 (draft-ietf-httpapi-idempotency-key-header-07 §2.7). A key
 * stored before fingerprints existed has none: it replays, as it did.
 */
export function keyReuseRefusal(
  stored: { fingerprint?: string } | null | undefined,
  fingerprint: string,
): DomainError | null {
  return stored?.fingerprint !== undefined && stored.fingerprint !== fingerprint
    ? new DomainError("IDEMPOTENCY_KEY_REUSED")
    : null;
}

/** The product if it can be sold `quantity` times, or its refusal (gone, inactive, too few units), by name. */
function sellable(product: OrderProduct | undefined, quantity: number): OrderProduct | DomainError {
  if (!product?.is_active)
    return new DomainError(
      "PRODUCT_UNAVAILABLE",
      product ? `Le produit « ${product.name} » n'est plus disponible.` : undefined,
    );
  if (product.stock < quantity) {
    const available = Math.max(product.stock, 0);
    return new DomainError(
      "OUT_OF_STOCK",
      `Stock insuffisant pour « ${product.name} » : ${available} disponible(s).`,
      { product: product.name, available },
    );
  }
  return product;
}

/** The customer's own address in a country the shop delivers to, or its refusal. */
function deliverable(address: OrderAddress | null): OrderAddress | DomainError {
  if (!address) return new DomainError("ADDRESS_NOT_FOUND");
  return CHECKOUT_COUNTRIES.includes(address.country as Country)
    ? address
    : new DomainError("DELIVERY_COUNTRY");
}

/**
 * The pick-up point the order goes to, with the customer's mobile, or its refusal (issue 31): offered now, named,
 * a French mobile given, and found by a search that has not expired. Null for home delivery.
 */
function pickupDestination(inputs: OrderInputs): PlannedOrder["pickup_point"] | null | DomainError {
  const { request, pickupPoint: point } = inputs;
  if (request.delivery_mode !== "pickup") return null;
  if (!inputs.pickupOffered) return new DomainError("PICKUP_NOT_OFFERED");
  if (!request.pickup_point_id) return new DomainError("VALIDATION", pickupMessages.pointRequired);
  const phone = frenchMobile(request.pickup_phone ?? "");
  if (!phone) return new DomainError("VALIDATION", pickupMessages.mobileRequired);
  if (!point || point.id !== request.pickup_point_id || Date.parse(point.expires_at) <= inputs.now.getTime())
    return new DomainError("PICKUP_POINT_UNKNOWN");
  return {
    id: point.id,
    name: point.name,
    address_line1: point.address_line1,
    address_line2: point.address_line2 || undefined,
    postal_code: point.postal_code,
    city: point.city,
    country_code: point.country_code,
    opening_hours: packedHours(point.opening_hours),
    phone,
  };
}

type Sold = { product: OrderProduct; quantity: number }[];

/** A new order's effect on the dashboard: one more order (pending), counted in its Paris month too. */
export function orderStatsChanges(record: OrderFacts, now: Date): StatsChange[] {
  return [
    { scope: "all", delta: orderStatsDelta(null, record) },
    { scope: `month-${parisMonth(now)}`, delta: { orders: 1 } },
  ];
}

/** The order as it is stored, from the decision: pending / pending, lines and totals frozen, the address copied. */
function orderRecord(
  inputs: OrderInputs,
  sold: Sold,
  address: OrderAddress,
  {
    totals,
    freeThreshold,
    promo,
    pickup,
  }: {
    totals: Totals;
    freeThreshold: Cents;
    promo: { id: string; code: string } | null;
    pickup: PlannedOrder["pickup_point"] | null;
  },
): PlannedOrder {
  const { user, request } = inputs;
  const createdAt = inputs.now.toISOString();
  const lots = new Map(
    sold.map(({ product, quantity }) => [
      product.id,
      allocateLots(inputs.batches.get(product.id) ?? [], quantity),
    ]),
  );
  return {
    id: inputs.id,
    user_id: user.id,
    customer_email: user.email,
    customer_name: user.full_name ?? "",
    created_at: createdAt,
    updated_at: createdAt,
    status: "pending",
    payment_method: inputs.paymentMethod,
    payment_status: "pending",
    items: sold.map(({ product, quantity }) => {
      const taken = lots.get(product.id) ?? [];
      return {
        product_id: product.id,
        product_name: product.name,
        product_image: mainImage(product),
        unit_price_cents: product.price_cents,
        quantity,
        ...(taken.length && { lots: taken }),
      };
    }),
    subtotal_cents: totals.subtotal,
    shipping_cents: totals.shipping,
    discount_cents: totals.discount,
    total_cents: totals.total,
    free_shipping_threshold_cents: freeThreshold,
    promo_id: promo?.id,
    promo_code: promo?.code,
    promo_use_subject: promo ? promoUseSubjectOf(user, address) : undefined,
    ...(isGuestUserId(user.id) && {
      unpaid_hold_subjects: unpaidHoldSubjects({
        user_id: user.id,
        customer_email: user.email,
        shipping_address: address,
      }),
    }),
    shipping_address: {
      first_name: address.first_name,
      last_name: address.last_name,
      phone: address.phone,
      address_line1: address.address_line1,
      address_line2: address.address_line2 || undefined,
      city: address.city,
      postal_code: address.postal_code,
      country: address.country,
    },
    ...(pickup && { pickup_point: pickup }),
    order_notes: request.order_notes ?? undefined,
    transfer_reference: inputs.paymentMethod === "bank_transfer" ? `CMD-${inputs.id.slice(-8)}` : undefined,
    transfer_sender_name: inputs.transferSenderName,
    status_history: [{ status: "pending", at: createdAt }],
  };
}

/** Decides an order from what was read: a refusal, the replay of the key's first order, or the order to write. */
export function planOrder(inputs: OrderInputs): OrderPlan {
  const { request, idempotency, user } = inputs;
  const refused = (error: DomainError): OrderPlan => ({ kind: "refused", error });
  if (inputs.maintenance.enabled && !user.is_admin) return refused(new DomainError("MAINTENANCE"));
  const notSold = sellRefusal(inputs.setup, inputs.paymentMethod);
  if (notSold) return refused(notSold);
  if (idempotency?.earlier) {
    const reused = keyReuseRefusal(idempotency.earlier, idempotency.fingerprint);
    return reused ? refused(reused) : { kind: "replay", orderId: idempotency.earlier.order_id };
  }

  // Lines of one product are merged, so a stock check cannot be passed twice with two half lines.
  const sold: Sold = [];
  for (const line of mergeLines(request.items)) {
    const product = sellable(inputs.products.get(line.product_id), line.quantity);
    if (product instanceof DomainError) return refused(product);
    // A guest's unpaid order alone may not hold more than the limit (its counters judge it with her other orders).
    if (isGuestUserId(user.id) && line.quantity > UNPAID_UNITS_PER_PRODUCT)
      return refused(
        new DomainError("UNPAID_HOLD_LIMIT", unpaidHoldMessage(product.name), {
          product: product.name,
          limit: UNPAID_UNITS_PER_PRODUCT,
        }),
      );
    sold.push({ product, quantity: line.quantity });
  }
  const address = deliverable(inputs.address);
  if (address instanceof DomainError) return refused(address);
  const pickup = pickupDestination(inputs);
  if (pickup instanceof DomainError) return refused(pickup);

  const priced = sold.map(({ product, quantity }) => ({ unitPriceCents: product.price_cents, quantity }));
  const subtotal = subtotalOf(priced);
  const promo = request.promo_code_id ? inputs.promo : null;
  if (request.promo_code_id) {
    const reason = promoRejection(promo, {
      subtotal,
      now: inputs.now,
      usesToday: promo ? inputs.promoUsesToday : 0,
    });
    if (reason) return refused(new DomainError(reason, promoRejectionMessage(reason, promo ?? undefined)));
  }
  const shippingRule = shippingRuleCents(inputs.shipping, pickup ? "pickup" : "home");
  const totals = priceOrder(priced, shippingRule, promo ? discountTerms(promo) : null);
  if (eurosToCents(request.total_amount) !== totals.total)
    return refused(new DomainError("PRICE_CHANGED", undefined, { totals: totalsInEuros(totals) }));

  const record = orderRecord(inputs, sold, address, {
    totals,
    freeThreshold: shippingRule.freeThreshold,
    promo,
    pickup,
  });
  const watches = new Map(
    sold.map(
      ({ product, quantity }) => [product.id, saleWatch(product, quantity, inputs.firstAttempt)] as const,
    ),
  );
  return {
    kind: "order",
    record,
    effects: {
      stocks: new Map(sold.map(({ product }) => [product.id, product.stock])),
      watches,
      promo: promo && {
        id: promo.id,
        usage_limit: promo.usage_limit,
        max_uses_per_user: promo.max_uses_per_user,
      },
      unpaidHolds: (record.unpaid_hold_subjects ?? []).flatMap((subject) =>
        sold.map(({ product, quantity }) => ({
          subject,
          productId: product.id,
          productName: product.name,
          quantity,
        })),
      ),
      idempotencyKey: idempotency?.key,
      fingerprint: idempotency?.fingerprint,
      now: inputs.now,
      movedAt: inputs.movedAt,
      stats: orderStatsChanges(record, inputs.now),
      lowStockChecks: [...watches].flatMap(([id, watch]) => (watch.mode === "check" ? [id] : [])),
      soldOut: sold
        .filter(({ product, quantity }) => product.stock <= quantity)
        .map(({ product }) => product.name),
    },
  };
}
