/**
 * What the owner's to-do list needs of the reviews, apart from moderation.ts so the admin function bundles only
 * this query: when each waiting review was submitted.
 */
import type { DataDeps } from "../platform/deps";
import { reviewEntity } from "./entity";

export async function reviewsAwaiting(deps: DataDeps): Promise<{ submitted_at: string }[]> {
  const { data } = await reviewEntity(deps.db)
    .query.byStatus({ status: "pending" })
    .go({ pages: "all", attributes: ["submitted_at"] });
  return data;
}
