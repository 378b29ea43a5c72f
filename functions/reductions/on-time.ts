/**
 * The price changes the pages must follow (decision record 054): a reduction's start or end that came after the last
 * publish was asked for marks the site stale, so a publish follows each one. The same frequent run writes the first
 * history line of a product created before the history existed, dated when it is written.
 */
import { allProducts } from "../catalog/product-reads";
import { firstPriceLine } from "../catalog/product-reductions";
import { writeTransaction } from "../platform/db/transaction";
import type { DataDeps, Deps } from "../platform/deps";
import { lastPublishRequest, markSiteStale } from "../publishing/publishing";

export interface PriceChangesResult {
  /** The products given their first history line. */
  recorded: number[];
  /** The start or end the pages were marked stale for, if one. */
  staleFor: string | null;
}

export async function followPriceChanges(
  deps: DataDeps & Partial<Pick<Deps, "publisher">>,
): Promise<PriceChangesResult> {
  const now = deps.clock().toISOString();
  const products = await allProducts(deps, ["id", "name", "price_cents", "reductions", "price_recorded_at"]);

  const recorded: number[] = [];
  for (const product of products.filter((candidate) => !candidate.price_recorded_at)) {
    const outcome = await writeTransaction(deps.db, () => firstPriceLine(deps.db, product, now));
    if (outcome === "written") recorded.push(product.id);
  }

  const requested = (await lastPublishRequest(deps)) ?? "";
  const passed = products
    .flatMap((product) =>
      (product.reductions ?? []).flatMap((reduction) => [
        { at: reduction.starts_at, what: `Début d'une réduction sur « ${product.name} »` },
        { at: reduction.ends_at, what: `Fin d'une réduction sur « ${product.name} »` },
      ]),
    )
    .filter((change) => change.at > requested && change.at <= now)
    .sort((a, b) => b.at.localeCompare(a.at));
  const latest = passed[0];
  if (latest) await markSiteStale(deps, latest.what);
  return { recorded, staleFor: latest?.at ?? null };
}
