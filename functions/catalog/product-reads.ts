/** What the other features read of the products: catalog owns the entity, they ask through these. */
import type { EntityItem } from "electrodb";
import { batchGetAll } from "../platform/db/batch-get";
import type { ReadRound } from "../platform/db/read-round";
import type { Db } from "../platform/db/service";
import type { DataDeps } from "../platform/deps";
import type { ProductEntity } from "./product-entity";
import { productEntity } from "./product-entity";

export type ProductRecord = EntityItem<ProductEntity>;
type Field = keyof ProductRecord;

/** A product by id, null when there is none. */
export async function findProduct(deps: DataDeps, id: number): Promise<ProductRecord | null> {
  return (await productEntity(deps.db).get({ id }).go()).data;
}

/** Every product, active or not; only the fields asked for when `fields` is given. */
export async function allProducts<const F extends Field>(
  deps: DataDeps,
  fields?: readonly F[],
): Promise<Pick<ProductRecord, F>[]> {
  const { data } = await productEntity(deps.db)
    .query.byId({})
    .go({ pages: "all", ...(fields && { attributes: [...fields] }) });
  return data as Pick<ProductRecord, F>[];
}

/**
 * The products that exist among `ids`, in one batch read; strongly consistent when a write is conditioned on what
 * is read.
 */
export async function productsByIds(
  deps: DataDeps,
  ids: readonly number[],
  options: { consistent?: boolean } = {},
): Promise<ProductRecord[]> {
  if (!ids.length) return [];
  const { data } = await productEntity(deps.db)
    .get(ids.map((id) => ({ id })))
    .go({ consistent: options.consistent ?? false });
  return data;
}

/** Each product's net weight in grams (0 when not given), read 100 at a time. */
export async function netWeightsOf(deps: DataDeps, ids: readonly number[]): Promise<Map<number, number>> {
  const products = await batchGetAll(
    (keys) =>
      productEntity(deps.db)
        .get(keys)
        .go({ attributes: ["id", "net_weight_g"] }),
    ids.map((id) => ({ id })),
  );
  return new Map(products.map((product) => [product.id, product.net_weight_g ?? 0]));
}

/** A product asked for in a read round (orders' one round before placing an order). */
export const productInRound = (round: ReadRound, db: Db, id: number) => round.get(productEntity(db), { id });
