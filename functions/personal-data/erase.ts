import { guestUserId, isGuestUserId } from "../../src/domain/accounts/guest-account";
import { DomainError } from "../../src/domain/errors";
import { ERASED_CUSTOMER_NAME, erasureBlocker } from "../../src/domain/personal-data/personal-data";
import { rateLimits } from "../../src/domain/rate-limit";
import { withdrawalRefundStates } from "../../src/domain/withdrawals/withdrawal";
import type { AuthUser } from "../accounts/auth";
import { accountDeletes } from "../accounts/erasure-items";
import { liftSuppression } from "../mail/suppressions";
import { documentsWithEmail, eraseDocumentEmail, eraseOrder } from "../orders/erasure-items";
import { hasOrders, type OrderRecord, ordersOfUser, toOrder } from "../orders/service";
import { verifyPassword } from "../platform/adapters/password";
import { writeTransaction } from "../platform/db/transaction";
import type { DataDeps, Deps } from "../platform/deps";
import { admitAttempt } from "../platform/throttle";
import { promoUsageRename, promoUsagesOf } from "../promos/order-items";
import { eraseReviewsOfAuthor } from "../reviews/author-data";
import { forgetOptOut } from "../reviews/opt-outs";
import { labelPdfsRemoved } from "../shipping/labels/erasure";
import { eraseWaitlistRequests } from "../waitlist/service";
import { withdrawalsOfOrder } from "../withdrawals/service";
import { type ErasureWrite, emailTraces } from "./traces";

/** DynamoDB's limit of items in one transaction. */
const TRANSACTION_MAX = 100;

/**
 * « Supprimer mon compte » (GDPR art. 17; docs/decisions/017-personal-data.md): the account, its addresses and
 * sessions deleted, its orders keeping only what the accounts need. Refused while an order is on its way or a refund
 * is due, and for an admin account (the shop would lose its owner). Past about 90 orders, several transactions: the
 * account last, so an interruption leaves an account that can be erased again.
 */
export async function eraseAccount(
  deps: DataDeps & Pick<Deps, "documents"> & Partial<Pick<Deps, "publisher">>,
  user: AuthUser,
  password: string,
): Promise<void> {
  if (user.is_admin) {
    throw new DomainError(
      "FORBIDDEN",
      "Un compte administrateur ne peut pas être supprimé depuis le profil : contactez l'assistance technique.",
    );
  }
  const attempt = await admitAttempt(deps, [
    { scope: "password-check-user", subject: user.id, rule: rateLimits.passwordChecksPerUser },
  ]);
  if (!(await verifyPassword(password, user.password_hash))) throw new DomainError("WRONG_PASSWORD");
  await attempt.giveBack();

  await eraseOrders(deps, async () => {
    const [orders, accountWrites, placedAsGuest] = await Promise.all([
      ordersOfUser(deps, user.id),
      accountDeletes(deps, user),
      hasOrders(deps, guestUserId(user.email)),
    ]);
    return {
      orders,
      traces: await emailTraces(deps, {
        email: user.email,
        orders,
        account: user,
        // Orders she placed without an account and never attached keep the e-mail: so do their « Mes données » links.
        guestOrdersRemain: placedAsGuest,
      }),
      lastWrites: accountWrites,
      // Her reviews go before her orders are rewritten: none is left pointing at an anonymised order.
      beforeWrites: async () => {
        await eraseReviewsOfAuthor(deps, user.id);
      },
    };
  });
  // Waitlist requests are made without an account, found by the e-mail. After the account: an
  // interruption here leaves only requests that expire on their own.
  await eraseWaitlistRequests(deps, user.email);
  // SES's refusal holds the e-mail, and with the account gone the shop has nothing left to send there; so does
  // her refusal of review invitations, a hash of it.
  await liftSuppression(deps, user.email);
  await forgetOptOut(deps, user.email);
}

export interface ErasureRound {
  orders: readonly OrderRecord[];
  traces?: readonly ErasureWrite[];
  /** Last, together: their failure ends the erasure (a parallel one did it). */
  lastWrites: readonly ErasureWrite[];
  /** A guest's `user_id` names her e-mail, so it is replaced; an erased account's id names nobody any more. */
  erasedUserId?: (order: OrderRecord) => string;
  /** Before the orders are rewritten, so an interruption never leaves a rewritten order something still points at. */
  beforeWrites?: () => Promise<void>;
}

/**
 * Each order is rewritten to keep what the books need and nothing naming the person, conditioned on its version and
 * owner. Past DynamoDB's 100 items, the orders go first in chunks and `lastWrites` last: an interruption leaves
 * something that can be erased again. A concurrent change reads and decides again (3 rounds, then 409).
 */
export async function eraseOrders(
  deps: DataDeps & Pick<Deps, "documents">,
  read: () => Promise<ErasureRound>,
): Promise<number> {
  for (let round = 1; ; round++) {
    const { orders, traces = [], lastWrites, erasedUserId, beforeWrites } = await read();
    const blocker = erasureBlocker(
      await Promise.all(
        orders.map(async (order) => ({
          ...order,
          order_number: toOrder(order).order_number,
          withdrawal_pending: await withdrawalPending(deps, order),
        })),
      ),
      // A guest's orders are renamed as they are erased (erasedUserId): she has no account to speak of.
      erasedUserId ? "guest" : "account",
    );
    if (blocker) throw new DomainError("CONFLICT", blocker);
    await eraseLabels(deps, orders);
    await beforeWrites?.();
    const now = deps.clock().toISOString();
    const rewritten = orders.filter(
      (order) =>
        order.customer_name !== ERASED_CUSTOMER_NAME ||
        order.customer_email !== "" ||
        (erasedUserId !== undefined && erasedUserId(order) !== order.user_id),
    );
    const orderWrites: ErasureWrite[] = [
      ...rewritten.map(
        (order) => () => eraseOrder(deps.db, order, now, erasedUserId?.(order) ?? order.user_id),
      ),
      ...(await documentsWithEmail(deps, orders, erasedUserId)).map(
        (document) => () => eraseDocumentEmail(deps.db, document),
      ),
      ...(await promoUsagesRenamed(deps, rewritten, erasedUserId)),
      ...traces,
    ];
    const writes = [...orderWrites, ...lastWrites];
    const chunks: (typeof writes)[] = [];
    const firstCut = Math.max(0, writes.length - TRANSACTION_MAX);
    for (let start = 0; start < firstCut; start += TRANSACTION_MAX) {
      chunks.push(writes.slice(start, Math.min(start + TRANSACTION_MAX, firstCut)));
    }
    chunks.push(writes.slice(firstCut));
    let stale = false;
    for (const chunk of chunks) {
      const outcome = await writeTransaction(deps.db, () => chunk.map((write) => write()));
      if (outcome === "stale") {
        stale = true;
        break;
      }
    }
    if (!stale) return rewritten.length;
    // An order changed meanwhile (the owner shipped or refunded it): read again and decide again.
    if (round >= 3) throw new DomainError("CONFLICT");
  }
}

/** A guest's usage records name her e-mail: renamed with the orders. Each rename is conditioned on the owner read. */
async function promoUsagesRenamed(
  deps: DataDeps,
  orders: readonly OrderRecord[],
  erasedUserId: ((order: OrderRecord) => string) | undefined,
): Promise<ErasureWrite[]> {
  const keys = orders.flatMap((order) =>
    order.promo_id ? [{ promo_id: order.promo_id, used_at: order.created_at, order_id: order.id }] : [],
  );
  if (!keys.length) return [];
  const usages = await promoUsagesOf(deps, keys);
  const byOrder = new Map(orders.map((order) => [order.id, order]));
  return usages.flatMap((usage) => {
    const order = byOrder.get(usage.order_id);
    if (!order || (usage.user_id !== order.user_id && !isGuestUserId(usage.user_id))) return [];
    const renamed = erasedUserId?.(order) ?? order.user_id;
    if (renamed === usage.user_id) return [];
    return [() => promoUsageRename(deps.db, usage, renamed)];
  });
}

/**
 * Labels print the name and address and are no accounting record, so they go. Removed before the orders are
 * rewritten, so an interruption never leaves an order pointing at a removed label.
 */
async function eraseLabels(
  deps: DataDeps & Pick<Deps, "documents">,
  orders: readonly OrderRecord[],
): Promise<void> {
  const labelKeys = await labelPdfsRemoved(
    deps,
    orders.map((order) => order.id),
  );
  const keys = [
    ...new Set([
      ...orders.flatMap((order) => (order.shipping_label_key ? [order.shipping_label_key] : [])),
      ...labelKeys,
    ]),
  ];
  if (!keys.length) return;
  if (!deps.documents) {
    console.error(
      "This function has no documents storage (DOCUMENTS_BUCKET): the account's labels cannot be removed.",
    );
    throw new DomainError("UNAVAILABLE");
  }
  await deps.documents.delete(keys);
}

/**
 * The withdrawal records themselves are kept (immutable proof of the request, L221-21; GDPR art. 17(3)(e)); the
 * owner's list reads the name and e-mail from the order, which erasure empties.
 */
async function withdrawalPending(deps: DataDeps, order: OrderRecord): Promise<boolean> {
  const requests = await withdrawalsOfOrder(deps, order.id);
  if (requests.length === 0) return false;
  return withdrawalRefundStates(order, requests).some(
    (state) => state === "awaiting" || state === "refund_due",
  );
}
