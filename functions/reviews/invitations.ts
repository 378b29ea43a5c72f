/**
 * The review invitation: one e-mail per delivered order, some days after the delivery (the owner's setting), never to
 * an address that opted out or that SES refused (docs/decisions/053-reviews.md). Safe twice at once: each order is
 * claimed with a write made only if absent before its mail goes.
 */
import { INVITATION_WINDOW_DAYS, invitationDue } from "../../src/domain/reviews/invitation";
import { isSuppressed } from "../mail/suppressions";
import { addGuestLink } from "../orders/guest/links";
import { deliveredOrdersCreatedSince, type OrderRecord, toOrder } from "../orders/service";
import { isConditionFailure } from "../platform/db/errors";
import type { DataDeps, Deps } from "../platform/deps";
import { getSettings } from "../settings/service";
import { reviewEntity } from "./entity";
import { reviewInvitationEntity } from "./invitation-entity";
import { invitationMail } from "./mails";
import { keptUntil, newOptOutLink, optedOutAt } from "./opt-outs";

const DAY_MS = 86_400_000;
/** Orders are read by their creation date: one delivered more than this long after it was placed is not invited. */
const DELIVERY_DAYS_MAX = 90;

/** The order's products nobody reviewed yet for it, each once. */
async function productsToReview(deps: DataDeps, order: OrderRecord): Promise<string[]> {
  const { data } = await reviewEntity(deps.db).query.byOrder({ order_id: order.id }).go({ pages: "all" });
  const reviewed = new Set(data.map((review) => review.product_id));
  const names = order.items.filter((item) => !reviewed.has(item.product_id)).map((item) => item.product_name);
  return [...new Set(names)];
}

async function claim(deps: DataDeps, orderId: string): Promise<string | null> {
  const now = deps.clock();
  const claimedAt = now.toISOString();
  try {
    await reviewInvitationEntity(deps.db)
      .create({ order_id: orderId, claimed_at: claimedAt, expires_at_ttl: keptUntil(now) })
      .go();
    return claimedAt;
  } catch (error) {
    if (isConditionFailure(error)) return null;
    throw error;
  }
}

/** A mail that could not go frees its claim: the next run tries again. */
async function release(deps: DataDeps, orderId: string, claimedAt: string): Promise<void> {
  await reviewInvitationEntity(deps.db)
    .delete({ order_id: orderId })
    .where(({ claimed_at }, { eq }) => eq(claimed_at, claimedAt))
    .go()
    .catch((error: unknown) => {
      if (!isConditionFailure(error)) throw error;
    });
}

/** Whether this order's invitation may go to its address; the claim is checked after. */
async function mayInvite(deps: DataDeps, order: OrderRecord): Promise<boolean> {
  const email = order.customer_email;
  // An erased order keeps no address.
  if (!email) return false;
  const [optedOut, suppressed, invited] = await Promise.all([
    optedOutAt(deps, email),
    isSuppressed(deps, email),
    reviewInvitationEntity(deps.db).get({ order_id: order.id }).go(),
  ]);
  return optedOut === null && !suppressed && !invited.data;
}

async function invite(deps: Deps, order: OrderRecord, shopName: string): Promise<boolean> {
  if (!(await mayInvite(deps, order))) return false;
  const products = await productsToReview(deps, order);
  if (!products.length) return false;
  const claimedAt = await claim(deps, order.id);
  if (!claimedAt) return false;
  try {
    const mail = invitationMail(
      {
        id: order.id,
        order_number: toOrder(order).order_number,
        email: order.customer_email,
        customer_name: order.customer_name ?? "",
        products,
      },
      {
        shopName,
        siteUrl: deps.siteUrl,
        guestToken: await addGuestLink(deps, order),
        optOutToken: await newOptOutLink(deps, order.customer_email),
      },
    );
    await deps.mailer.send(mail);
    return true;
  } catch (error) {
    console.error(
      `Order ${order.id}: the review invitation could not be sent; the next run tries again`,
      error,
    );
    await release(deps, order.id, claimedAt);
    return false;
  }
}

export interface ReviewInvitationsResult {
  invited: string[];
}

export async function sendReviewInvitations(deps: Deps): Promise<ReviewInvitationsResult> {
  const result: ReviewInvitationsResult = { invited: [] };
  const { reviews, company_info: company } = await getSettings(deps, ["reviews", "company_info"]);
  const days = reviews.review_invitation_days;
  if (days <= 0) return result;
  const now = deps.clock();
  const from = new Date(now.getTime() - (days + INVITATION_WINDOW_DAYS + DELIVERY_DAYS_MAX) * DAY_MS);
  const due = (await deliveredOrdersCreatedSince(deps, from.toISOString())).filter((order) =>
    invitationDue(order, now, days),
  );
  for (const order of due) {
    try {
      if (await invite(deps, order, company.name)) result.invited.push(order.id);
    } catch (error) {
      console.error(`Order ${order.id}: review invitation failed; the next run tries again`, error);
    }
  }
  return result;
}
