import { itemKey, pickupPointAttributes } from "../platform/db/entities/shapes";
import { defineEntity } from "../platform/db/entity";
import { type EntityOf, entitySchema } from "../platform/db/entity-schema";

/**
 * A pick-up point a search found. The browser sends only its id, so an order can only go to a
 * point La Poste named, at the address La Poste gave, and the search needs no signature. The rules read expires_at,
 * never TTL's timing.
 */
export const pickupPointSchema = entitySchema({
  model: { entity: "pickup_point", version: "1", service: "shop" },
  attributes: {
    ...pickupPointAttributes,
    found_at: { type: "string", required: true },
    expires_at: { type: "string", required: true },
    expires_at_ttl: { type: "number", required: true },
  },
  indexes: {
    byId: itemKey("id"),
  },
});
export type PickupPointEntity = EntityOf<typeof pickupPointSchema>;
export const pickupPointEntity = defineEntity(pickupPointSchema);
