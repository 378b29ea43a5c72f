/**
 * The pick-up points an order may be sent to: those shipping's search found (functions/shipping/pickup-points.ts),
 * kept a day so the checkout reads the chosen one in its read round.
 */

import { DomainError } from "../../src/domain/errors";
import { type PickupPoint, packedHours } from "../../src/domain/orders/pickup-point";
import type { DataDeps } from "../platform/deps";
import { pickupPointEntity } from "./pickup-point-entity";

const PICKUP_POINT_KEPT_MS = 24 * 60 * 60_000;

/** Keeps the points a search found: only those can be ordered. */
export async function keepPickupPoints(deps: DataDeps, points: readonly PickupPoint[]): Promise<void> {
  if (!points.length) return;
  const now = deps.clock().getTime();
  const expires = now + PICKUP_POINT_KEPT_MS;
  const { unprocessed } = await pickupPointEntity(deps.db)
    .put(
      points.map((point) => ({
        id: point.id,
        name: point.name,
        address_line1: point.address_line1,
        ...(point.address_line2 && { address_line2: point.address_line2 }),
        postal_code: point.postal_code,
        city: point.city,
        country_code: point.country_code,
        opening_hours: packedHours(point.opening_hours),
        found_at: new Date(now).toISOString(),
        expires_at: new Date(expires).toISOString(),
        expires_at_ttl: Math.ceil(expires / 1000) + 24 * 3600,
      })),
    )
    .go();
  // Points not kept cannot be ordered: the search answers only the ones an order can name.
  if (unprocessed.length) throw new DomainError("UNAVAILABLE");
}
