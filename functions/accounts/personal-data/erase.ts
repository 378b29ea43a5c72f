import type { EntityItem } from "electrodb";
import {
  ERASED_CUSTOMER_NAME,
  ERASED_ORDER_FIELDS,
  erasedShippingAddress,
  erasureBlocker,
} from "../../../src/domain/accounts/personal-data";
import { DomainError } from "../../../src/domain/errors";
import { storedInvoiceWithoutEmail } from "../../../src/domain/orders/invoice";
import { rateLimits } from "../../../src/domain/rate-limit";
import { withdrawalRefundStates } from "../../../src/domain/withdrawals/withdrawal";
import { addToStats } from "../../admin/stats";
import { liftSuppression } from "../../mail/suppressions";
import type { OrderEntity } from "../../orders/entity";
import { toOrder } from "../../orders/service";
import { verifyPassword } from "../../platform/adapters/password";
import { batchGetAll } from "../../platform/db/batch-get";
import {
  type TransactionEntities,
  type TransactionItem,
  writeTransaction,
} from "../../platform/db/transaction";
import type { DataDeps, Deps } from "../../platform/deps";
import { admitAttempt } from "../../platform/throttle";
import { eraseWaitlistRequests } from "../../waitlist/service";
import type { AuthUser } from "../auth";

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

  for (let round = 1; ; round++) {
    const [orders, addresses, sessions] = await Promise.all([
      deps.db.entities.order.query.byUser({ user_id: user.id }).go({ pages: "all" }),
      deps.db.entities.address.query.byUser({ user_id: user.id }).go({ pages: "all" }),
      deps.db.entities.session.query.byUser({ user_id: user.id }).go({ pages: "all" }),
    ]);
    const blocker = erasureBlocker(
      await Promise.all(
        orders.data.map(async (order) => ({
          ...order,
          order_number: toOrder(order).order_number,
          withdrawal_pending: await withdrawalPending(deps, order),
        })),
      ),
    );
    if (blocker) throw new DomainError("CONFLICT", blocker);
    await eraseLabels(deps, orders.data);
    const now = deps.clock().toISOString();
    const orderWrites = [
      ...orders.data
        .filter((order) => order.customer_name !== ERASED_CUSTOMER_NAME || order.customer_email !== "")
        .map((order) => (entities: TransactionEntities) => eraseOrder(entities, order, now)),
      ...(await documentsWithEmail(deps, orders.data)).map(
        (document) => (entities: TransactionEntities) => eraseDocumentEmail(entities, document),
      ),
    ];
    const accountWrites = [
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
    ];
    const writes = [...orderWrites, ...accountWrites];
    // The account's own items always go together in the last transaction.
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
    if (!stale) {
      // Waitlist requests of the account's e-mail go too (decision record 026); made without an account, they are
      // found by the e-mail. After the account: an interruption here leaves only requests that expire on their own.
      await eraseWaitlistRequests(deps, user.email);
      // So does SES's refusal of the address (issue 27): it holds the e-mail, and with the account gone the shop
      // has nothing left to send there.
      await liftSuppression(deps, user.email);
      return;
    }
    // An order changed meanwhile (the owner shipped or refunded it): read again and decide again.
    if (round >= 3) throw new DomainError("CONFLICT");
  }
}

/**
 * The Colissimo labels of the account's orders (issue 31): they print the customer's name and address, and are not
 * accounting records (the invoice is), so they go with the account. Removed before the orders are rewritten, so an
 * interruption leaves an account that can be erased again, never an order pointing at a removed label or a label no
 * order points at; removing a label already gone is not an error (a stale round repeats this).
 */
async function eraseLabels(deps: Pick<Deps, "documents">, orders: readonly OrderRecord[]): Promise<void> {
  const keys = orders.flatMap((order) => (order.shipping_label_key ? [order.shipping_label_key] : []));
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
 * The account's issued documents whose stored snapshot still holds the customer's e-mail (issued before issue 28),
 * read by key in one BatchGetItem: the numbers are on the orders (invoice, cancellation's and returns' credit notes).
 */
async function documentsWithEmail(deps: DataDeps, orders: readonly OrderRecord[]) {
  const numbers = new Set(
    orders.flatMap((order) =>
      [
        order.invoice_number,
        order.credit_note_number,
        ...(order.refunds ?? []).map((refund) => refund.credit_note_number),
      ].filter((number): number is string => Boolean(number)),
    ),
  );
  if (!numbers.size) return [];
  const documents = await batchGetAll(
    (keys) => deps.db.entities.invoice.get(keys).go({ attributes: ["number", "snapshot"] }),
    [...numbers].map((number) => ({ number })),
  );
  return documents.flatMap((document) => {
    const snapshot = storedInvoiceWithoutEmail(document.snapshot);
    return snapshot === null ? [] : [{ number: document.number, read: document.snapshot, snapshot }];
  });
}

/**
 * An issued document of the erased customer loses the e-mail it held, and nothing else: the name and the address
 * are mentions the law requires (CGI art. 242 nonies A) and the document is kept as issued otherwise (decision
 * records 017 and 032). Conditioned on the snapshot read.
 */
function eraseDocumentEmail(
  entities: TransactionEntities,
  document: { number: string; read: string; snapshot: string },
): TransactionItem {
  return {
    commit: entities.invoice
      .patch({ number: document.number })
      .set({ snapshot: document.snapshot })
      .where(({ snapshot }, { eq }) => eq(snapshot, document.read))
      .commit(),
    onFailed: "stale",
  };
}

/** An order of the erased customer: the books keep amounts, lines, dates and payment; nothing names the person. */
function eraseOrder(entities: TransactionEntities, order: OrderRecord, now: string): TransactionItem {
  return {
    commit: entities.order
      .patch({ id: order.id })
      .set({
        customer_name: ERASED_CUSTOMER_NAME,
        customer_email: "",
        shipping_address: erasedShippingAddress(order.shipping_address.country),
        updated_at: now,
      })
      .remove([...ERASED_ORDER_FIELDS])
      .add({ version: 1 })
      .where(
        ({ version, user_id }, { eq }) =>
          `${eq(version, order.version ?? 0)} AND ${eq(user_id, order.user_id)}`,
      )
      .commit(),
    onFailed: "stale",
  };
}
