/** A product's reductions as the price rules read them (decision record 054); the reductions feature writes them. */
import type { ProductReductionView } from "../../src/domain/catalog/product";
import { centsToEuros } from "../../src/domain/money";
import type { PriceInForce, ProductReduction } from "../../src/domain/reductions/price-in-force";
import { percentOff } from "../../src/domain/reductions/reference-price";
import type { StoredReduction } from "../../src/domain/reductions/stored";
import type { Db } from "../platform/db/service";
import type { TransactionItem } from "../platform/db/transaction";
import { priceChangeItem } from "./price-history";
import { productEntity } from "./product-entity";
import type { ProductRecord } from "./product-reads";

export function productReductions(record: { reductions?: readonly StoredReduction[] }): ProductReduction[] {
  return (record.reductions ?? []).map((reduction) => ({
    kind: reduction.kind,
    start: new Date(reduction.starts_at),
    end: new Date(reduction.ends_at),
    price: reduction.price_cents,
    reference: reduction.reference_cents,
  }));
}

/** The reduction in force as the API answers it, or null. */
export function reductionView({ price, reduction }: PriceInForce): ProductReductionView | null {
  return (
    reduction && {
      kind: reduction.kind,
      reference: centsToEuros(reduction.reference),
      percent: percentOff(reduction.reference, price),
      ends_at: reduction.end.toISOString(),
    }
  );
}

/**
 * The product's new list of reductions, written only on the list, version and price it was decided on ("stale"
 * otherwise: the writer reads again and decides again).
 */
export function reductionsWrite(
  db: Db,
  record: Pick<ProductRecord, "id" | "price_cents" | "reductions_version">,
  reductions: readonly StoredReduction[],
): TransactionItem {
  const version = record.reductions_version;
  const patch = productEntity
    .transact(db)
    .patch({ id: record.id })
    .set({ reductions: [...reductions], reductions_version: (version ?? 0) + 1 })
    .where(
      ({ price_cents, reductions_version }, { eq, notExists }) =>
        `${eq(price_cents, record.price_cents)} AND ${
          version === undefined ? notExists(reductions_version) : eq(reductions_version, version)
        }`,
    );
  return { commit: patch.commit(), onFailed: "stale" };
}

/**
 * The first history line of a product created before the history existed, dated `at`, with its mark: written once,
 * a parallel writer's condition fails ("stale") and it writes nothing.
 */
export function firstPriceLine(
  db: Db,
  product: Pick<ProductRecord, "id" | "price_cents">,
  at: string,
): TransactionItem[] {
  const mark = productEntity
    .transact(db)
    .patch({ id: product.id })
    .set({ price_recorded_at: at })
    .where(
      ({ price_recorded_at, price_cents }, { notExists, eq }) =>
        `${notExists(price_recorded_at)} AND ${eq(price_cents, product.price_cents)}`,
    );
  return [
    { commit: mark.commit(), onFailed: "stale" },
    priceChangeItem(db, { productId: product.id, price: product.price_cents, at, reason: "recorded" }),
  ];
}
