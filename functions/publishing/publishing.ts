/** The publisher records when a publish starts and how it ends, for the dashboard's status. */
import { type PublishStatus, publishStatus } from "../../src/domain/publishing/publishing";
import type { DataDeps, Deps } from "../platform/deps";
import { sitePublishEntity } from "./entity";

const SITE = { site: "storefront" };

export async function markSiteStale(
  deps: DataDeps & Partial<Pick<Deps, "publisher">>,
  reason: string,
): Promise<void> {
  await sitePublishEntity(deps.db)
    .upsert({ ...SITE, requested_at: deps.clock().toISOString(), reason })
    .go();
  deps.publisher?.request(reason);
}

/** When the pages last went stale: a publish asked for then or later reads the API after it. */
export async function lastPublishRequest(deps: DataDeps): Promise<string | undefined> {
  const { data } = await sitePublishEntity(deps.db)
    .get(SITE)
    .go({ attributes: ["requested_at"] });
  return data?.requested_at;
}

/** It covers every request made until now: the build reads the API after this. */
export async function beginPublish(deps: DataDeps): Promise<{ covers: string }> {
  const now = deps.clock().toISOString();
  const { data } = await sitePublishEntity(deps.db).get(SITE).go();
  const covers = data?.requested_at ?? now;
  await sitePublishEntity(deps.db)
    .upsert({ ...SITE, started_at: now, started_covers: covers })
    .go();
  return { covers };
}

export async function recordPublishResult(
  deps: DataDeps,
  result: { covers: string; ok: true } | { covers: string; ok: false; error: string },
): Promise<void> {
  const now = deps.clock().toISOString();
  if (result.ok) {
    const { data } = await sitePublishEntity(deps.db).get(SITE).go();
    const covered = data?.covered_at && data.covered_at > result.covers ? data.covered_at : result.covers;
    await sitePublishEntity(deps.db)
      .upsert({ ...SITE, covered_at: covered, published_at: now })
      .go();
  } else {
    await sitePublishEntity(deps.db)
      .upsert({ ...SITE, failed_at: now, error: result.error.slice(0, 500) })
      .go();
  }
}

export async function sitePublishStatus(deps: DataDeps): Promise<PublishStatus> {
  const { data } = await sitePublishEntity(deps.db).get(SITE).go();
  return publishStatus(data, deps.clock());
}
