/** The author's side of a review: write, change, withdraw. docs/decisions/053-reviews.md. */
import type { EntityItem } from "electrodb";
import { DomainError } from "../../src/domain/errors";
import { type ReviewInput, reviewEligibility } from "../../src/domain/reviews/review";
import { type OrderAccess, reachableOrder } from "../orders/guest/links";
import { isConditionFailure } from "../platform/db/errors";
import type { DataDeps, Deps } from "../platform/deps";
import { markSiteStale } from "../publishing/publishing";
import { type ReviewEntity, reviewEntity } from "./entity";

export type ReviewRecord = EntityItem<ReviewEntity>;

export const ALREADY_REVIEWED =
  "Vous avez déjà laissé un avis sur ce produit pour cette commande : vous pouvez le modifier ou le retirer.";

/** What the author sees of her review: what she wrote, where it stands, and the owner's answer. */
export function ownReview(record: ReviewRecord) {
  return {
    order_id: record.order_id,
    product_id: record.product_id,
    product_name: record.product_name,
    rating: record.rating,
    title: record.title,
    text: record.text,
    shown_name: record.shown_name,
    status: record.status,
    refusal_reason: record.refusal_reason ?? null,
    experienced_at: record.experienced_at,
    submitted_at: record.submitted_at,
    published_at: record.published_at ?? null,
    answer: record.answer_text ? { text: record.answer_text, at: record.answer_at ?? "" } : null,
  };
}
export type OwnReview = ReturnType<typeof ownReview>;

/** The reviews of an order its customer (or its guest, by her link) may read. */
export async function reviewsOfOrder(
  deps: DataDeps,
  orderId: string,
  access: OrderAccess,
): Promise<OwnReview[]> {
  const order = await reachableOrder(deps, orderId, access);
  const { data } = await reviewEntity(deps.db).query.byOrder({ order_id: order.id }).go({ pages: "all" });
  return data.map(ownReview);
}

/** Reads the order the way its customer may, and checks she received this product. */
async function reviewedLine(deps: DataDeps, orderId: string, productId: number, access: OrderAccess) {
  const order = await reachableOrder(deps, orderId, access);
  const eligibility = reviewEligibility(order, productId);
  if (!eligibility.ok) throw new DomainError("CONFLICT", eligibility.message);
  const line = order.items.find((item) => item.product_id === productId);
  return { order, line, experiencedAt: eligibility.experiencedAt };
}

/** A first review of this product for this order; a second submit, even at the same moment, is refused. */
export async function createReview(
  deps: DataDeps,
  orderId: string,
  productId: number,
  access: OrderAccess,
  input: ReviewInput,
): Promise<OwnReview> {
  const { order, line, experiencedAt } = await reviewedLine(deps, orderId, productId, access);
  const now = deps.clock().toISOString();
  try {
    const { data } = await reviewEntity(deps.db)
      .create({
        order_id: order.id,
        product_id: productId,
        user_id: order.user_id,
        email: order.customer_email,
        product_name: line?.product_name ?? "",
        ...input,
        status: "pending",
        experienced_at: experiencedAt,
        submitted_at: now,
        reports: 0,
        version: 1,
      })
      .go();
    return ownReview(data);
  } catch (error) {
    if (isConditionFailure(error)) throw new DomainError("CONFLICT", ALREADY_REVIEWED);
    throw error;
  }
}

/** A change goes back to moderation: the owner reads what is published. */
export async function changeReview(
  deps: DataDeps & Partial<Pick<Deps, "publisher">>,
  orderId: string,
  productId: number,
  access: OrderAccess,
  input: ReviewInput,
): Promise<OwnReview> {
  const { order } = await reviewedLine(deps, orderId, productId, access);
  const change = { ...input, status: "pending" as const, submitted_at: deps.clock().toISOString() };
  let before: ReviewRecord;
  try {
    const { data } = await reviewEntity(deps.db)
      .patch({ order_id: order.id, product_id: productId })
      .set(change)
      .add({ version: 1 })
      .remove(["refusal_reason"])
      .go({ response: "all_old" });
    before = data as ReviewRecord;
  } catch (error) {
    if (isConditionFailure(error)) throw new DomainError("REVIEW_NOT_FOUND");
    throw error;
  }
  // The published words leave the pages at once: the change is read before it is shown.
  if (before.status === "published") await markSiteStale(deps, "avis modifié");
  const { refusal_reason: _, ...kept } = before;
  return ownReview({ ...kept, ...change, version: before.version + 1 });
}

/** Withdrawn, the review is deleted: nothing of it stays online or in the owner's list. */
export async function withdrawReview(
  deps: DataDeps & Partial<Pick<Deps, "publisher">>,
  orderId: string,
  productId: number,
  access: OrderAccess,
): Promise<ReviewRecord | null> {
  const order = await reachableOrder(deps, orderId, access);
  const { data } = await reviewEntity(deps.db)
    .delete({ order_id: order.id, product_id: productId })
    .go({ response: "all_old" });
  if (!data) throw new DomainError("REVIEW_NOT_FOUND");
  if (data.status === "published") await markSiteStale(deps, "avis retiré");
  return data as ReviewRecord;
}
