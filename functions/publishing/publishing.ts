/** The publisher records when a publish starts and how it ends, for the dashboard's status. */
import { type PublishStatus, publishStatus } from "../../src/domain/publishing/publishing";
import type { DataDeps, Deps } from "../platform/deps";

const SITE = { site: "storefront" };

export async function markSiteStale(
  deps: DataDeps & Partial<Pick<Deps, "publisher">>,
  reason: string,
): Promise<void> {
  await deps.db.entities.sitePublish
    .upsert({ ...SITE, requested_at: deps.clock().toISOString(), reason })
    .go();
  deps.publisher?.request(reason);
}

/** It covers every request made until now: the build reads the API after this. */
export async function beginPublish(deps: DataDeps): Promise<{ covers: string }> {
  const now = deps.clock().toISOString();
  const { data } = await deps.db.entities.sitePublish.get(SITE).go();
  const covers = data?.requested_at ?? now;
  await deps.db.entities.sitePublish.upsert({ ...SITE, started_at: now, started_covers: covers }).go();
  return { covers };
}

export async function recordPublishResult(
  deps: DataDeps,
  result: { covers: string; ok: true } | { covers: string; ok: false; error: string },
): Promise<void> {
  const now = deps.clock().toISOString();
  if (result.ok) {
    const { data } = await deps.db.entities.sitePublish.get(SITE).go();
    const covered = data?.covered_at && data.covered_at > result.covers ? data.covered_at : result.covers;
    await deps.db.entities.sitePublish.upsert({ ...SITE, covered_at: covered, published_at: now }).go();
  } else {
    await deps.db.entities.sitePublish
      .upsert({ ...SITE, failed_at: now, error: result.error.slice(0, 500) })
      .go();
  }
}

export async function sitePublishStatus(deps: DataDeps): Promise<PublishStatus> {
  const { data } = await deps.db.entities.sitePublish.get(SITE).go();
  return publishStatus(data, deps.clock());
}

/** A product whose stock is now at most what came back was sold out: its structured data changes. */
export async function markRestocked(
  deps: DataDeps & Partial<Pick<Deps, "publisher">>,
  lines: readonly { product_id: number; quantity: number }[],
): Promise<void> {
  if (!lines.length) return;
  const { data } = await deps.db.entities.product.get(lines.map((line) => ({ id: line.product_id }))).go();
  const back = data.filter((product) => {
    const returned = lines
      .filter((line) => line.product_id === product.id)
      .reduce((n, line) => n + line.quantity, 0);
    return product.stock > 0 && product.stock <= returned;
  });
  if (back.length)
    await markSiteStale(deps, `De nouveau en stock : ${back.map((product) => product.name).join(", ")}`);
}
