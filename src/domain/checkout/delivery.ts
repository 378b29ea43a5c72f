/**
 * How the parcel goes, without zod (the islands import this file): home delivery or a pick-up point, the
 * shipping figures each is priced with, and the carrier shown. The server prices it again; delivery.test.ts keeps
 * the copy below in step with it.
 */
import type { DeliveryMode } from "../settings/settings-constants";
import type { ShippingSettings } from "./totals";

/** How the parcel goes: home, or a pick-up point (its id from the search, null until one is chosen) and the mobile typed. */
export type DeliveryChoice = { mode: "home" } | { mode: "pickup"; pointId: string | null; phone: string };

/**
 * Delivery to a pick-up point as GET /api/settings/checkout offers it, in euros: its own price and
 * free-shipping threshold; null while it is not offered (the « Colissimo » card is incomplete).
 */
export interface PickupPricing {
  cost: number;
  free_shipping_threshold: number;
}

/**
 * The shipping figures the totals are priced with: home delivery's (GET /api/settings/shipping), or a pick-up point's
 * when that mode is chosen and offered. The cart page always shows home delivery's.
 */
export function deliveryShipping(
  home: ShippingSettings,
  pickup: PickupPricing | null,
  mode: DeliveryMode,
): ShippingSettings {
  return mode === "pickup" && pickup
    ? { standard_cost: pickup.cost, free_shipping_threshold: pickup.free_shipping_threshold }
    : home;
}

/** Carrier shown at checkout when the company settings are unknown (spec 9). */
export const DEFAULT_CARRIER = "Colissimo";
