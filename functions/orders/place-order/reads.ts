import { idempotencyScope } from "../../../src/domain/orders/guest";
import type { OrderBody } from "../../../src/domain/orders/order";
import { unpackedHours } from "../../../src/domain/orders/pickup-point";
import type {
  IdempotencyInput,
  OrderAddress,
  OrderInputs,
  OrderProduct,
} from "../../../src/domain/orders/plan-order/inputs";
import { parisDay } from "../../../src/domain/paris-time";
import { addressInRound } from "../../accounts/addresses";
import { readBatches } from "../../batches/batch-stock";
import { type ProductRecord, productInRound, productsByIds } from "../../catalog/product-reads";
import { productReductions } from "../../catalog/product-reductions";
import type { ReadRound } from "../../platform/db/read-round";
import type { DataDeps } from "../../platform/deps";
import { dailyUseInRound, dailyUses, promoInRound } from "../../promos/order-items";
import { toPromoRules } from "../../promos/service";
import { idempotencyKeyEntity } from "../entity";
import { pickupPointEntity } from "../pickup-point-entity";

export type OrderReads = Pick<OrderInputs, "products" | "address" | "promo" | "batches" | "pickupPoint"> & {
  earlier: StoredKey | null;
  /** The uses of the promo today by whom the order counts; null when the round could not ask (not known yet). */
  promoUsesToday: number | null;
};

export type StoredKey = NonNullable<IdempotencyInput["earlier"]> & { link_salt?: string };

/** An address of the customer's book (by its id), or the one a guest typed. */
export type DeliverTo = { addressId?: string } | { address: OrderAddress };

/** A customer counts under her account e-mail, a guest under her e-mail with her delivery address. */
export function promoUsesKey(deps: DataDeps, promoId: string, subject: string) {
  return { promo_id: promoId, user_id: subject, day: parisDay(deps.clock()) };
}

export async function readPromoUsesToday(deps: DataDeps, promoId: string, subject: string): Promise<number> {
  return dailyUses(deps, promoUsesKey(deps, promoId, subject));
}

/**
 * One read round (which may hold the caller's session already), the products' lots beside it. Nothing is judged
 * here: a missing row is null, and planOrder says what it means in the rules' order.
 */
export async function readOrder(
  deps: DataDeps,
  round: ReadRound,
  userId: string,
  request: OrderBody,
  key: string | undefined,
  deliverTo: DeliverTo,
  promoSubject: string | null,
): Promise<OrderReads> {
  const { db } = deps;
  const productIds = [...new Set(request.items.map((line) => line.product_id))];
  const earlier = key
    ? round.get(idempotencyKeyEntity(db), { user_id: idempotencyScope(userId), key })
    : null;
  const products = productIds.map((id) => productInRound(round, db, id));
  const address =
    "address" in deliverTo
      ? { value: deliverTo.address }
      : deliverTo.addressId
        ? addressInRound(round, db, { user_id: userId, id: deliverTo.addressId })
        : { value: null };
  const promoId = request.promo_code_id;
  const promo = promoId ? promoInRound(round, db, promoId) : null;
  const uses =
    promoId && promoSubject ? dailyUseInRound(round, db, promoUsesKey(deps, promoId, promoSubject)) : null;
  const pickupId = request.delivery_mode === "pickup" ? request.pickup_point_id : null;
  const pickup = pickupId ? round.get(pickupPointEntity(db), { id: pickupId }) : null;
  const [batches] = await Promise.all([readBatches(deps, productIds), round.run()]);
  return {
    earlier: earlier?.value ?? null,
    products: new Map(
      products.flatMap(({ value }) => (value ? [[value.id, orderProduct(value)] as const] : [])),
    ),
    address: address.value,
    promo: promo?.value ? { ...toPromoRules(promo.value), id: promo.value.id } : null,
    promoUsesToday: !promoId ? 0 : uses ? (uses.value?.count ?? 0) : null,
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

/** The product as an order reads it: its reductions as the price rules take them. */
const orderProduct = (record: ProductRecord): OrderProduct => ({
  ...record,
  reductions: productReductions(record),
});

/**
 * A retried attempt reads the stock strongly consistent (it is conditioned on it); it sells at the prices first
 * read, from the units left now.
 */
export async function readWhatIsLeft(
  deps: DataDeps,
  products: ReadonlyMap<number, OrderProduct>,
): Promise<Pick<OrderInputs, "products" | "batches">> {
  const ids = [...products.keys()];
  const [data, batches] = await Promise.all([
    productsByIds(deps, ids, { consistent: true }),
    readBatches(deps, ids),
  ]);
  const now = data.flatMap((fresh) => {
    const first = products.get(fresh.id);
    return first ? [[fresh.id, { ...first, stock: fresh.stock, is_active: fresh.is_active }] as const] : [];
  });
  return { products: new Map(now), batches };
}
