/**
 * What an order is decided from: the request, the caller, and what the service's one read round found
 * (functions/orders/place-order/reads.ts reads them, plan.ts decides).
 */

import type { BatchStock } from "../../batches/batches";
import type { ProductPhoto } from "../../catalog/product-photos";
import type { Cents } from "../../money";
import type { PromoRules } from "../../promos/promo";
import type { ShippingSetting } from "../../settings/settings";
import type { ShopSetup } from "../../settings/shop-setup";
import type { OrderBody } from "../order";
import type { PaymentMethod } from "../order-status";
import type { PickupPoint } from "../pickup-point";

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
