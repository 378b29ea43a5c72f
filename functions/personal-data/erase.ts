import type { EntityItem } from "electrodb";
import {
  ERASED_CUSTOMER_NAME,
  ERASED_ORDER_FIELDS,
  erasedShippingAddress,
  erasureBlocker,
} from "../../src/domain/accounts/personal-data";
import { DomainError } from "../../src/domain/errors";
import { guestUserId, isGuestUserId } from "../../src/domain/orders/guest";
import { storedInvoiceWithoutEmail } from "../../src/domain/orders/invoice";
import { rateLimits } from "../../src/domain/rate-limit";
import { withdrawalRefundStates } from "../../src/domain/withdrawals/withdrawal";
import type { AuthUser } from "../accounts/auth";
import { liftSuppression } from "../mail/suppressions";
import type { OrderEntity } from "../orders/entity";
import { toOrder } from "../orders/service";
import { verifyPassword } from "../platform/adapters/password";
import { batchGetAll } from "../platform/db/batch-get";
import { addToStats } from "../platform/db/stats";
import { type TransactionEntities, type TransactionItem, writeTransaction } from "../platform/db/transaction";
import type { DataDeps, Deps } from "../platform/deps";
import { admitAttempt } from "../platform/throttle";
import { eraseWaitlistRequests } from "../waitlist/service";
import { type ErasureWrite, emailTraces } from "./traces";

type OrderRecord = EntityItem<OrderEntity>;

/** DynamoDB's limit of items in one transaction. */
const TRANSACTION_MAX = 100;

/**
 * « Supprimer mon compte » (GDPR art. 17): after the password is checked (counted like a password change:
 * rateLimits.passwordChecksPerUser), the account, its e-mail, addresses and sessions are deleted and its orders keep
 * only what the accounts need (docs/decisions/017-personal-data.md). Refused while an order is on its way or a refund
 * is due (erasureBlocker), and for an admin account (the shop would lose its owner).
 *
 * One transaction in the common case. An account with more than about 90 orders is erased in several: the orders
 * first, the account last, so an interruption leaves an account that still exists and can be erased again; every
 * order write is conditioned on the version read and on still belonging to the account.
 */
export async function eraseAccount(
  deps: DataDeps & Pick<Deps, "documents">,
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
    const [orders, addresses, sessions, placedAsGuest] = await Promise.all([
      deps.db.entities.order.query.byUser({ user_id: user.id }).go({ pages: "all" }),
      deps.db.entities.address.query.byUser({ user_id: user.id }).go({ pages: "all" }),
      deps.db.entities.session.query.byUser({ user_id: user.id }).go({ pages: "all" }),
      deps.db.entities.order.query.byUser({ user_id: guestUserId(user.email) }).go({ limit: 1 }),
    ]);
    return {
      orders: orders.data,
      traces: await emailTraces(deps, {
        email: user.email,
        orders: orders.data,
        account: user,
        // Orders she placed without an account and never attached keep the e-mail: so do their « Mes données » links.
        guestOrdersRemain: placedAsGuest.data.length > 0,
      }),
      lastWrites: [
        ...addresses.data.map((address) => (entities: TransactionEntities) => ({
          commit: entities.address.delete({ user_id: user.id, id: address.id }).commit(),
        })),
        ...sessions.data.map((session) => (entities: TransactionEntities) => ({
          commit: entities.session.delete({ token_hash: session.token_hash }).commit(),
        })),
        (entities: TransactionEntities) => ({
          commit: entities.userEmail.delete({ email: user.email }).commit(),
        }),
        (entities: TransactionEntities) => addToStats(entities, "all", user.id, { users: -1 }),
        (entities: TransactionEntities) => ({
          // Still this account (not already erased by a parallel request): else the other request did it all.
          commit: entities.user
            .delete({ id: user.id })
            .where(({ id }, { exists }) => exists(id))
            .commit(),
          onFailed: new DomainError("UNAUTHENTICATED"),
        }),
      ],
    };
  });
  // Waitlist requests of the account's e-mail go too (decision record 026); made without an account, they are
  // found by the e-mail. After the account: an interruption here leaves only requests that expire on their own.
  await eraseWaitlistRequests(deps, user.email);
  // So does SES's refusal of the address (issue 27): it holds the e-mail, and with the account gone the shop
  // has nothing left to send there.
  await liftSuppression(deps, user.email);
}

/** What an erasure reads each round: the person's orders, and the writes that close it. */
export interface ErasureRound {
  /** The person's orders, as listed by the customer index. */
  orders: readonly OrderRecord[];
  /** Items made under the person's e-mail, deleted with the orders' writes (./traces.ts). */
  traces?: readonly ErasureWrite[];
  /**
   * The writes that go last, together, in the last transaction: the account's own items, or the guest link's
   * consumption. Their failure ends the erasure (a parallel one did it), after the orders' writes of earlier chunks.
   */
  lastWrites: readonly ErasureWrite[];
  /**
   * What each erased order's `user_id` becomes: a guest's names her e-mail, so it is replaced (issue 32); absent, it
   * stays (an erased account's id names nobody any more). The promo usage records of the orders follow it.
   */
  erasedUserId?: (order: OrderRecord) => string;
  /**
   * Run once the erasure is allowed, after the labels are removed and before the orders are rewritten (a guest's
   * links to her orders): so an interruption leaves orders that can be erased again, never a rewritten order with
   * something of the person still pointing at it. Run again by a stale round: what it removes may be gone already.
   */
  beforeWrites?: () => Promise<void>;
}

/**
 * The part both erasures share (the customer's account, a guest's orders by a mailed link): refused while an order is
 * on its way or a refund is due (erasureBlocker, 409 in French); the orders' labels removed; each order rewritten so
 * it keeps what the books need and nothing that names the person, conditioned on its version and on still being the
 * person's; the stored documents' e-mail removed. Then `lastWrites`, in the last transaction.
 *
 * One transaction in the common case. Past DynamoDB's 100 items, the orders go first in chunks and `lastWrites`
 * last, together: an interruption leaves something that can be erased again. A concurrent change of an order reads
 * and decides again (3 rounds, then 409). Answers how many orders were rewritten.
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
        (order) => (entities: TransactionEntities) =>
          eraseOrder(entities, order, now, erasedUserId?.(order) ?? order.user_id),
      ),
      ...(await documentsWithEmail(deps, orders, erasedUserId)).map(
        (document) => (entities: TransactionEntities) => eraseDocumentEmail(entities, document),
      ),
      ...(await promoUsagesRenamed(deps, rewritten, erasedUserId)),
      ...traces,
    ];
    const writes = [...orderWrites, ...lastWrites];
    // The closing items always go together in the last transaction.
    const chunks: (typeof writes)[] = [];
    const firstCut = Math.max(0, writes.length - TRANSACTION_MAX);
    for (let start = 0; start < firstCut; start += TRANSACTION_MAX) {
      chunks.push(writes.slice(start, Math.min(start + TRANSACTION_MAX, firstCut)));
    }
    chunks.push(writes.slice(firstCut));
    let stale = false;
    for (const chunk of chunks) {
      const outcome = await writeTransaction(deps.db, (entities) => chunk.map((write) => write(entities)));
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

/**
 * The promo usage records (the owner's usage history) of the orders rewritten, renamed with them: a guest's name her
 * e-mail, and so does the record of an order she placed without an account, then attached to her account (it keeps
 * the guest's id). Read by key first, so a use whose promo record is gone is skipped; each rename is conditioned on
 * the owner read.
 */
async function promoUsagesRenamed(
  deps: DataDeps,
  orders: readonly OrderRecord[],
  erasedUserId: ((order: OrderRecord) => string) | undefined,
): Promise<ErasureWrite[]> {
  const keys = orders.flatMap((order) =>
    order.promo_id ? [{ promo_id: order.promo_id, used_at: order.created_at, order_id: order.id }] : [],
  );
  if (!keys.length) return [];
  const usages = await batchGetAll((batch) => deps.db.entities.promoUsage.get(batch).go(), keys);
  const byOrder = new Map(orders.map((order) => [order.id, order]));
  return usages.flatMap((usage) => {
    const order = byOrder.get(usage.order_id);
    if (!order || (usage.user_id !== order.user_id && !isGuestUserId(usage.user_id))) return [];
    const renamed = erasedUserId?.(order) ?? order.user_id;
    if (renamed === usage.user_id) return [];
    return [
      (entities: TransactionEntities) => ({
        commit: entities.promoUsage
          .patch({ promo_id: usage.promo_id, used_at: usage.used_at, order_id: usage.order_id })
          .set({ user_id: renamed })
          .where(({ user_id }, { eq }) => eq(user_id, usage.user_id))
          .commit(),
        onFailed: "stale" as const,
      }),
    ];
  });
}

/**
 * The Colissimo labels of the account's orders (issue 31): they print the customer's name and address, and are not
 * accounting records (the invoice is), so they go with the account. Removed before the orders are rewritten, so an
 * interruption leaves an account that can be erased again, never an order pointing at a removed label or a label no
 * order points at; removing a label already gone is not an error (a stale round repeats this). A label the order does
 * not name (bought while it was cancelled) is found on its label item, and so is a PDF the item still holds.
 */
async function eraseLabels(
  deps: DataDeps & Pick<Deps, "documents">,
  orders: readonly OrderRecord[],
): Promise<void> {
  const items = await batchGetAll(
    (batch) => deps.db.entities.shippingLabel.get(batch).go({ attributes: ["order_id", "key", "pdf"] }),
    orders.map((order) => ({ order_id: order.id })),
  );
  for (const item of items.filter((label) => label.pdf))
    await deps.db.entities.shippingLabel.patch({ order_id: item.order_id }).remove(["pdf"]).go();
  const keys = [
    ...new Set([
      ...orders.flatMap((order) => (order.shipping_label_key ? [order.shipping_label_key] : [])),
      ...items.flatMap((label) => (label.key ? [label.key] : [])),
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
 * Whether a withdrawal of the order still awaits its return or refund: the shop must still refund the customer.
 * The withdrawal records themselves are kept as they are (immutable proof of the request, L221-21; GDPR art.
 * 17(3)(e)); the owner's list reads the customer's name and e-mail from the order, which erasure empties.
 */
async function withdrawalPending(deps: DataDeps, order: OrderRecord): Promise<boolean> {
  const { data } = await deps.db.entities.withdrawal.query
    .byOrder({ order_id: order.id })
    .go({ pages: "all" });
  if (data.length === 0) return false;
  const requests = data.sort((a, b) => a.seq.localeCompare(b.seq));
  return withdrawalRefundStates(order, requests).some(
    (state) => state === "awaiting" || state === "refund_due",
  );
}

/**
 * The account's issued documents that still hold the customer's e-mail: in their stored snapshot (issued before
 * issue 28), or as their owner's id (a guest's is her e-mail, decision record 049; an order placed without an
 * account and attached to an account afterwards keeps it on the documents issued before). Read by key in one
 * BatchGetItem: the numbers are on the orders (invoice, cancellation's and returns' credit notes).
 */
async function documentsWithEmail(
  deps: DataDeps,
  orders: readonly OrderRecord[],
  erasedUserId: ((order: OrderRecord) => string) | undefined,
) {
  const owners = new Map<string, string>();
  for (const order of orders) {
    const owner = erasedUserId?.(order) ?? order.user_id;
    for (const number of [
      order.invoice_number,
      order.credit_note_number,
      ...(order.refunds ?? []).map((refund) => refund.credit_note_number),
    ])
      if (number) owners.set(number, owner);
  }
  if (!owners.size) return [];
  const documents = await batchGetAll(
    (keys) => deps.db.entities.invoice.get(keys).go({ attributes: ["number", "snapshot", "user_id"] }),
    [...owners.keys()].map((number) => ({ number })),
  );
  return documents.flatMap((document) => {
    const snapshot = storedInvoiceWithoutEmail(document.snapshot) ?? document.snapshot;
    const owner = owners.get(document.number) ?? document.user_id;
    const userId = isGuestUserId(document.user_id) ? owner : document.user_id;
    if (snapshot === document.snapshot && userId === document.user_id) return [];
    return [{ number: document.number, read: document, snapshot, userId }];
  });
}

/**
 * An issued document of the erased customer loses the e-mail it held, and nothing else: the name and the address
 * are mentions the law requires (CGI art. 242 nonies A) and the document is kept as issued otherwise (decision
 * records 017 and 032). Its owner's id follows the order's when it named her e-mail. Conditioned on what was read.
 */
function eraseDocumentEmail(
  entities: TransactionEntities,
  document: { number: string; read: { snapshot: string; user_id: string }; snapshot: string; userId: string },
): TransactionItem {
  return {
    commit: entities.invoice
      .patch({ number: document.number })
      .set({ snapshot: document.snapshot, user_id: document.userId })
      .where(
        ({ snapshot, user_id }, { eq }) =>
          `${eq(snapshot, document.read.snapshot)} AND ${eq(user_id, document.read.user_id)}`,
      )
      .commit(),
    onFailed: "stale",
  };
}

/**
 * An order of the erased customer: the books keep amounts, lines, dates and payment; nothing names the person. Its
 * owner becomes `userId` (the same for an account; a neutral one for a guest, whose id is her e-mail).
 */
function eraseOrder(
  entities: TransactionEntities,
  order: OrderRecord,
  now: string,
  userId: string,
): TransactionItem {
  return {
    commit: entities.order
      .patch({ id: order.id })
      .set({
        customer_name: ERASED_CUSTOMER_NAME,
        customer_email: "",
        shipping_address: erasedShippingAddress(order.shipping_address.country),
        user_id: userId,
        updated_at: now,
      })
      // The promo limit's subject and the unpaid holds' name her e-mail and address: they go with the person.
      .remove([...ERASED_ORDER_FIELDS, "promo_use_subject", "unpaid_hold_subjects"])
      .add({ version: 1 })
      .where(
        ({ version, user_id }, { eq }) =>
          `${eq(version, order.version ?? 0)} AND ${eq(user_id, order.user_id)}`,
      )
      .commit(),
    onFailed: "stale",
  };
}
