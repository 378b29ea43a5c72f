import type { OrderRequest } from "../../../src/domain/orders/order";
import type { IdempotencyInput, OrderInputs, OrderProduct } from "../../../src/domain/orders/plan-order";
import { parisDay } from "../../../src/domain/promos/promo";
import { unpackedHours } from "../../../src/domain/shipping/pickup-point";
import { readBatches } from "../../batches/batch-stock";
import type { ReadRound } from "../../platform/db/read-round";
import type { DataDeps } from "../../platform/deps";
import { toPromoRules } from "../../promos/service";

/** What the order's read round found, as planOrder takes it. */
export type OrderReads = Pick<
  OrderInputs,
  "products" | "address" | "promo" | "promoUsesToday" | "batches" | "pickupPoint"
> & {
  /** What is stored under the request's Idempotency-Key (null: nothing, or no key). */
  earlier: IdempotencyInput["earlier"];
};

/**
 * The reads of an order, in its read round (read-round.ts, which may hold the caller's session already): what is
 * stored under the Idempotency-Key, the products (each once), the delivery address, the promo and the customer's
 * uses of it today (its id is the request's, so both are asked at once), the pick-up point a search found under the
 * request's id (issue 31); beside the round, each product's lots.
 * Runs the round. Nothing is judged here: a missing row is null, and planOrder says what it means in the rules'
 * order.
 */
export async function readOrder(
  deps: DataDeps,
  round: ReadRound,
  userId: string,
  request: OrderRequest,
  key: string | undefined,
): Promise<OrderReads> {
  const { entities } = deps.db;
  const productIds = [...new Set(request.items.map((line) => line.product_id))];
  const earlier = key ? round.get(entities.idempotencyKey, { user_id: userId, key }) : null;
  const products = productIds.map((id) => round.get(entities.product, { id }));
  const address = round.get(entities.address, { user_id: userId, id: request.shipping_address_id });
  const promoId = request.promo_code_id;
  const promo = promoId ? round.get(entities.promo, { id: promoId }) : null;
  const uses = promoId
    ? round.get(entities.promoDailyUse, { promo_id: promoId, user_id: userId, day: parisDay(deps.clock()) })
    : null;
  const pickupId = request.delivery_mode === "pickup" ? request.pickup_point_id : null;
  const pickup = pickupId ? round.get(entities.pickupPoint, { id: pickupId }) : null;
  const [batches] = await Promise.all([readBatches(deps, productIds), round.run()]);
  return {
    earlier: earlier?.value ?? null,
    products: new Map(products.flatMap(({ value }) => (value ? [[value.id, value] as const] : []))),
    address: address.value,
    promo: promo?.value ? { ...toPromoRules(promo.value), id: promo.value.id } : null,
    promoUsesToday: uses?.value?.count ?? 0,
    batches,
    pickupPoint: pickup?.value
      ? {
          ...pickup.value,
          address_line2: pickup.value.address_line2 ?? null,
          opening_hours: unpackedHours(pickup.value.opening_hours),
        }
      : null,
  };
}

/**
 * What a retried attempt decides from: the order's products with their stock as it is now (a strongly consistent
 * read: the attempt is conditioned on it) and their lots. It sells at the prices first read, from the units left
 * now; a product deleted meanwhile is missing (planOrder refuses it).
 */
export async function readWhatIsLeft(
  deps: DataDeps,
  products: ReadonlyMap<number, OrderProduct>,
): Promise<Pick<OrderInputs, "products" | "batches">> {
  const ids = [...products.keys()];
  const [{ data }, batches] = await Promise.all([
    deps.db.entities.product.get(ids.map((id) => ({ id }))).go({ consistent: true }),
    readBatches(deps, ids),
  ]);
  const now = data.flatMap((fresh) => {
    const first = products.get(fresh.id);
    return first ? [[fresh.id, { ...first, stock: fresh.stock, is_active: fresh.is_active }] as const] : [];
  });
  return { products: new Map(now), batches };
}
