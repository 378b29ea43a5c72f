/** The owner's side of reviews: what waits, publish, refuse with a published reason, answer. */
import { DomainError } from "../../src/domain/errors";
import { MODERATION_DAYS, type RefusalReason } from "../../src/domain/reviews/review";
import { isConditionFailure } from "../platform/db/errors";
import type { DataDeps, Deps } from "../platform/deps";
import { markSiteStale } from "../publishing/publishing";
import { getSetting } from "../settings/service";
import { reviewEntity } from "./entity";
import { refusalMail } from "./mails";
import type { ReviewRecord } from "./service";

export { MODERATION_DAYS };

const DAY_MS = 86_400_000;

export interface ReviewKey {
  order_id: string;
  product_id: number;
}

export function adminReview(record: ReviewRecord, now: Date) {
  return {
    ...record,
    refusal_reason: record.refusal_reason ?? null,
    published_at: record.published_at ?? null,
    answer: record.answer_text ? { text: record.answer_text, at: record.answer_at ?? "" } : null,
    overdue:
      record.status === "pending" &&
      now.getTime() - Date.parse(record.submitted_at) > MODERATION_DAYS * DAY_MS,
  };
}
export type AdminReview = ReturnType<typeof adminReview>;

/** Waiting reviews oldest first, then reported published ones; the to-do list counts the first. */
export async function reviewsToModerate(deps: DataDeps): Promise<AdminReview[]> {
  const now = deps.clock();
  const [pending, published] = await Promise.all(
    (["pending", "published"] as const).map((status) =>
      reviewEntity(deps.db).query.byStatus({ status }).go({ pages: "all" }),
    ),
  );
  return [...(pending?.data ?? []), ...(published?.data ?? []).filter((review) => review.reports > 0)].map(
    (review) => adminReview(review, now),
  );
}

/** A write of the owner's screen made on the version she read: a stale screen is refused, nothing is written. */
async function moderate(
  deps: DataDeps,
  key: ReviewKey,
  change: (entity: ReturnType<typeof reviewEntity>) => { go(options: object): Promise<{ data: unknown }> },
): Promise<ReviewRecord> {
  try {
    const { data } = await change(reviewEntity(deps.db)).go({ response: "all_new" });
    return data as ReviewRecord;
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    const { data: current } = await reviewEntity(deps.db).get(key).go();
    if (!current) throw new DomainError("REVIEW_NOT_FOUND");
    throw new DomainError("REVIEW_CHANGED");
  }
}

export async function publishReview(deps: Deps, key: ReviewKey, version: number): Promise<ReviewRecord> {
  const now = deps.clock().toISOString();
  const review = await moderate(deps, key, (entity) =>
    entity
      .patch(key)
      .set({ status: "published", published_at: now, moderated_at: now })
      .remove(["refusal_reason"])
      .add({ version: 1 })
      .where(({ version: v, status }, { eq }) => `${eq(v, version)} AND ${eq(status, "pending")}`),
  );
  await markSiteStale(deps, "avis publié");
  return review;
}

export async function refuseReview(
  deps: Deps,
  key: ReviewKey,
  version: number,
  reason: RefusalReason,
): Promise<ReviewRecord> {
  const now = deps.clock().toISOString();
  const review = await moderate(deps, key, (entity) =>
    entity
      .patch(key)
      .set({ status: "refused", refusal_reason: reason, moderated_at: now })
      .add({ version: 1 })
      .where(({ version: v }, { eq }) => eq(v, version)),
  );
  if (review.published_at) await markSiteStale(deps, "avis retiré");
  try {
    const company = await getSetting(deps, "company_info");
    await deps.mailer.send(refusalMail(review, reason, { shopName: company.name, siteUrl: deps.siteUrl }));
  } catch (error) {
    console.error(`Review ${key.order_id}/${key.product_id}: the refusal mail could not be sent`, error);
  }
  return review;
}

/** One public answer per review; the owner may edit it, and it keeps its first date. */
export async function answerReview(
  deps: Deps,
  key: ReviewKey,
  version: number,
  text: string,
): Promise<ReviewRecord> {
  const now = deps.clock().toISOString();
  const { data: current } = await reviewEntity(deps.db).get(key).go();
  if (!current) throw new DomainError("REVIEW_NOT_FOUND");
  const review = await moderate(deps, key, (entity) =>
    entity
      .patch(key)
      .set({ answer_text: text, answer_at: current.answer_at ?? now })
      .add({ version: 1 })
      .where(({ version: v }, { eq }) => eq(v, version)),
  );
  if (review.status === "published") await markSiteStale(deps, "réponse à un avis");
  return review;
}
