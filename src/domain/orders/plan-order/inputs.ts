/** What an order is decided from (functions/orders/place-order/reads.ts reads them, plan.ts decides). */

import type { BatchStock } from "../../batches/batches";
import type { ProductPhoto } from "../../catalog/product-photos";
import type { Cents } from "../../money";
import type { PromoRules } from "../../promos/promo";
import type { ProductReduction } from "../../reductions/in-force";
import type { ShippingSetting } from "../../settings/settings";
import type { ShopSetup } from "../../settings/shop-setup";
import type { OrderBody } from "../order";
import type { PaymentMethod } from "../order-status";
import type { PickupPoint } from "../pickup-point";

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
  /** Its reductions: the price charged is the one in force at the order's instant. */
  reductions?: readonly ProductReduction[];
}

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

export interface IdempotencyInput {
  key: string;
  fingerprint: string;
  earlier: { fingerprint?: string; order_id: string } | null;
}

export interface OrderInputs {
  /** The same on every attempt. */
  id: string;
  now: Date;
  /** After its stock was read, so the movements sort as they happened. */
  movedAt: string;
  /** False after a failed condition: thresholds are then checked after the write (SaleWatch "check"). */
  firstAttempt: boolean;
  user: { id: string; email: string; full_name?: string | null; is_admin?: boolean | null };
  paymentMethod: PaymentMethod;
  transferSenderName?: string;
  request: OrderBody;
  maintenance: { enabled: boolean };
  setup: ShopSetup;
  shipping: ShippingSetting;
  idempotency: IdempotencyInput | null;
  products: ReadonlyMap<number, OrderProduct>;
  address: OrderAddress | null;
  promo: (PromoRules & { id: string }) | null;
  pickupOffered: boolean;
  pickupPoint: (Omit<PickupPoint, "distance_m"> & { expires_at: string }) | null;
  promoUsesToday: number;
  /** First-expiring lots are taken first (decision record 018). */
  batches: ReadonlyMap<number, readonly BatchStock[]>;
}
