import { itemKey, pickupPointAttributes } from "../platform/db/entities/shapes";
import { type EntityOf, entitySchema } from "../platform/db/entity-schema";

/**
 * A pick-up point a search found (issue 31, docs/decisions/048): GET /api/shipping/pickup-points writes each point it
 * answers, and an order for a pick-up point copies the point from here. The browser sends only the point's id, so an
 * order can only go to a point La Poste named to the shop, with the address La Poste gave: a forged or stale id is
 * refused (PICKUP_POINT_UNKNOWN), and the search needs no signature. Kept a day (expires_at; TTL removes it later,
 * the order's rules read expires_at and never depend on TTL's timing).
 */
export const pickupPointSchema = entitySchema({
  model: { entity: "pickup_point", version: "1", service: "shop" },
  attributes: {
    ...pickupPointAttributes,
    /** When the search found it (ISO) and until when an order may name it (ISO, one day later). */
    found_at: { type: "string", required: true },
    expires_at: { type: "string", required: true },
    expires_at_ttl: { type: "number", required: true },
  },
  indexes: {
    byId: itemKey("id"),
  },
});
export type PickupPointEntity = EntityOf<typeof pickupPointSchema>;
