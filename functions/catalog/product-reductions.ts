/** A product's reductions as the price rules read them (decision record 054); the reductions feature writes them. */
import type { ProductReductionView } from "../../src/domain/catalog/product";
import { centsToEuros } from "../../src/domain/money";
import type { PriceInForce, ProductReduction } from "../../src/domain/reductions/price-in-force";
import { percentOff } from "../../src/domain/reductions/reference-price";
import type { StoredReduction } from "../../src/domain/reductions/schedule";

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
