/** The rules an order may be refused by, one DomainError each; plan.ts judges them in their order. */

import { CHECKOUT_COUNTRIES, type Country } from "../../accounts/address";
import { DomainError } from "../../errors";
import { frenchMobile, packedHours, pickupMessages } from "../pickup-point";
import type { OrderAddress, OrderInputs, OrderProduct } from "./inputs";
import type { PlannedOrder } from "./record";

/**
 * Another fingerprint is refused with 422 (draft-ietf-httpapi-idempotency-key-header-07 §2.7); a key stored before
 * fingerprints existed replays.
 */
export function keyReuseRefusal(
  stored: { fingerprint?: string } | null | undefined,
  fingerprint: string,
): DomainError | null {
  return stored?.fingerprint !== undefined && stored.fingerprint !== fingerprint
    ? new DomainError("IDEMPOTENCY_KEY_REUSED")
    : null;
}

export function sellable(product: OrderProduct | undefined, quantity: number): OrderProduct | DomainError {
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

export function deliverable(address: OrderAddress | null): OrderAddress | DomainError {
  if (!address) return new DomainError("ADDRESS_NOT_FOUND");
  return CHECKOUT_COUNTRIES.includes(address.country as Country)
    ? address
    : new DomainError("DELIVERY_COUNTRY");
}

/** Null for home delivery. */
export function pickupDestination(inputs: OrderInputs): PlannedOrder["pickup_point"] | null | DomainError {
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
