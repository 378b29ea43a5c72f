/**
 * The owner's reductions (decision record 054): scheduled on one or more products in one transaction, with each
 * product's two history lines and its reference price fixed; cancelled before their start, or stopped while running.
 * The rules are src/domain/reductions; this reads, decides there, and writes.
 */
import { DomainError } from "../../src/domain/errors";
import { centsToEuros } from "../../src/domain/money";
import type { AdminReduction } from "../../src/domain/reductions/admin-reduction";
import type { ReductionInput } from "../../src/domain/reductions/reduction";
import { percentOff } from "../../src/domain/reductions/reference-price";
import {
  type ProductReductions,
  type ReductionOutcome,
  reductionStatus,
  scheduleOnProduct,
  withdrawFromProduct,
} from "../../src/domain/reductions/schedule";
import { priceChangeItem, priceChangeRemoval, priceHistoryLines } from "../catalog/price-history";
import { allProducts, type ProductRecord, productsByIds } from "../catalog/product-reads";
import { reductionsWrite } from "../catalog/product-reductions";
import { newId } from "../platform/adapters/ids";
import { type TransactionItem, writeTransaction } from "../platform/db/transaction";
import type { DataDeps } from "../platform/deps";
import { markSiteStale } from "../publishing/publishing";

/** A decision read on a list another write changed is made again, at most this many times. */
const ATTEMPTS = 3;

async function withHistory(deps: DataDeps, record: ProductRecord): Promise<ProductReductions> {
  return {
    id: record.id,
    name: record.name,
    price_cents: record.price_cents,
    created_at: record.created_at,
    reductions: record.reductions ?? [],
    history: await priceHistoryLines(deps, record.id, { consistent: true }),
  };
}

/** The product's new list, written only on the list, version and price it was decided on; its lines with it. */
function productWrites(
  deps: DataDeps,
  record: ProductRecord,
  outcome: ReductionOutcome,
  adminId: string | undefined,
): TransactionItem[] {
  return [
    reductionsWrite(deps.db, record, outcome.reductions),
    ...outcome.remove.map((line) => priceChangeRemoval(deps.db, record.id, line)),
    ...outcome.add.map((line) =>
      priceChangeItem(deps.db, {
        productId: record.id,
        id: line.id,
        price: line.price,
        at: line.from,
        reason: line.reason,
        adminId,
      }),
    ),
  ];
}

/** Reads, decides and writes again while another write changed what was read, then answers 409. */
async function decideAndWrite(deps: DataDeps, decide: () => Promise<TransactionItem[]>): Promise<void> {
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    const items = await decide();
    if ((await writeTransaction(deps.db, () => items)) === "written") return;
  }
  throw new DomainError("REDUCTIONS_CHANGED");
}

export async function scheduleReduction(
  deps: DataDeps,
  input: ReductionInput,
  adminId?: string,
): Promise<AdminReduction> {
  const productIds = [...new Set(input.product_ids)];
  const reductionId = newId();
  await decideAndWrite(deps, async () => {
    const now = deps.clock();
    const records = await productsByIds(deps, productIds, { consistent: true });
    const missing = productIds.filter((id) => !records.some((record) => record.id === id));
    if (missing.length)
      throw new DomainError("PRODUCT_NOT_FOUND", `Produit introuvable : n° ${missing.join(", n° ")}.`);
    const refusals: string[] = [];
    const items: TransactionItem[] = [];
    for (const record of records.sort((a, b) => a.id - b.id)) {
      const decided = scheduleOnProduct(
        await withHistory(deps, record),
        input,
        { reduction: reductionId, startLine: newId(), endLine: newId() },
        now,
      );
      if ("refusals" in decided) refusals.push(...decided.refusals);
      else items.push(...productWrites(deps, record, decided.outcome, adminId));
    }
    if (refusals.length)
      throw new DomainError("REDUCTION_REFUSED", [...new Set(refusals)].join("\n"), {
        refusals: [...new Set(refusals)],
      });
    return items;
  });
  const reduction = (await listReductions(deps)).find((candidate) => candidate.id === reductionId);
  if (!reduction) throw new DomainError("REDUCTION_NOT_FOUND");
  return reduction;
}

/** Cancels a reduction not yet started, or stops a running one now; the pages follow at once if a price changed. */
export async function withdrawReduction(
  deps: DataDeps,
  reductionId: string,
  adminId?: string,
): Promise<void> {
  let wasRunning = false;
  await decideAndWrite(deps, async () => {
    const now = deps.clock();
    const holders = (await allProducts(deps, ["id", "reductions"])).filter((product) =>
      (product.reductions ?? []).some((reduction) => reduction.id === reductionId),
    );
    if (!holders.length) throw new DomainError("REDUCTION_NOT_FOUND");
    const records = await productsByIds(
      deps,
      holders.map((holder) => holder.id),
      { consistent: true },
    );
    const items: TransactionItem[] = [];
    wasRunning = false;
    for (const record of records) {
      const reduction = (record.reductions ?? []).find((candidate) => candidate.id === reductionId);
      if (reduction && reductionStatus(reduction, now) === "running") wasRunning = true;
      const outcome = withdrawFromProduct(await withHistory(deps, record), reductionId, newId(), now);
      if (outcome) items.push(...productWrites(deps, record, outcome, adminId));
    }
    if (!items.length) throw new DomainError("REDUCTION_OVER");
    return items;
  });
  if (wasRunning) await markSiteStale(deps, "Réduction arrêtée");
}

/** Every reduction, the most recent start first, each with its products. */
export async function listReductions(deps: DataDeps): Promise<AdminReduction[]> {
  const now = deps.clock();
  const byId = new Map<string, AdminReduction>();
  const products = await allProducts(deps, ["id", "name", "price_cents", "reductions"]);
  for (const product of products.sort((a, b) => a.id - b.id))
    for (const reduction of product.reductions ?? []) {
      const entry = byId.get(reduction.id) ?? {
        id: reduction.id,
        kind: reduction.kind,
        starts_at: reduction.starts_at,
        ends_at: reduction.ends_at,
        status: reductionStatus(reduction, now),
        products: [],
      };
      entry.products.push({
        id: product.id,
        name: product.name,
        price: centsToEuros(product.price_cents),
        reduced_price: centsToEuros(reduction.price_cents),
        reference: centsToEuros(reduction.reference_cents),
        percent: percentOff(reduction.reference_cents, reduction.price_cents),
      });
      byId.set(reduction.id, entry);
    }
  return [...byId.values()].sort((a, b) => b.starts_at.localeCompare(a.starts_at));
}

/** A product's price history up to now, oldest first: its lines to come (a reduction's start and end) are left out. */
export async function pastPriceHistory(deps: DataDeps, productId: number) {
  const now = deps.clock().toISOString();
  if (!(await productsByIds(deps, [productId])).length) throw new DomainError("PRODUCT_NOT_FOUND");
  return (await priceHistoryLines(deps, productId))
    .filter((line) => line.from <= now)
    .map((line) => ({ price: centsToEuros(line.price), from: line.from, reason: line.reason }));
}
