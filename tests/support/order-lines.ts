import { orderEntity } from "../../functions/orders/entity";
import type { DataDeps } from "../../functions/platform/deps";
import type { ReductionKind } from "../../src/domain/reductions/reduction";

/**
 * The order's line `index` as the order planning writes a line charged under a reduction: its unit price stays the
 * one charged, the reduction's kind and reference price are kept beside it.
 */
export async function chargeLineUnderReduction(
  deps: Pick<DataDeps, "db">,
  orderId: string,
  index: number,
  reduction: { kind: ReductionKind; reference_cents: number },
): Promise<void> {
  const { data } = await orderEntity(deps.db).get({ id: orderId }).go();
  if (!data?.items[index]) throw new Error(`Order ${orderId} has no line ${index}`);
  const items = data.items.map((item, i) => (i === index ? { ...item, reduction } : item));
  await orderEntity(deps.db).patch({ id: orderId }).set({ items }).go();
}
