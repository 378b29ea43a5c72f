import type { EntityItem } from "electrodb";
import { guestUserId, idempotencyScope } from "../../src/domain/orders/guest";
import { parisDay } from "../../src/domain/promos/promo";
import { SIGNIN_EMAIL_SCOPES, signinSubject } from "../accounts/auth";
import type { OrderEntity } from "../orders/entity";
import { GUEST_CONFIRMATION_SCOPES } from "../orders/guest/confirmation-scopes";
import type { TransactionEntities, TransactionItem } from "../platform/db/transaction";
import type { DataDeps } from "../platform/deps";

type OrderRecord = EntityItem<OrderEntity>;

/** One write of an erasure, built inside its transaction (./erase.ts runs them). */
export type ErasureWrite = (entities: TransactionEntities) => TransactionItem;

/**
 * Abuse limits counted under a bare e-mail (functions/platform/throttle.ts), by whom they serve: an account
 * (forgot password in ../auth.ts, the attach links in ../guest-account/service.ts), orders placed without one
 * (« Mes données » in ../guest-data/service.ts, their confirmations in functions/orders/guest/confirmation-limit.ts), or anyone (the waitlist's mails, functions/waitlist/service.ts).
 */
const ACCOUNT_SCOPES = ["reset-mails", "guest-attach-mails"];
const GUEST_SCOPES = ["guest-data-mails", "guest-data-export-email", ...GUEST_CONFIRMATION_SCOPES];
const ANYONE_SCOPES = ["waitlist-mails"];

/** Whose e-mail is erased, and what of it must stay because someone else still uses the address. */
export interface ErasedEmail {
  email: string;
  /** The orders this erasure rewrites: their Idempotency-Keys and the promo's day counters of them go too. */
  orders: readonly OrderRecord[];
  /**
   * The account erased (its sign-in epochs and attach links go), or "other account" when an account still uses the
   * address (a guest's erasure: what serves that account stays), or null when no account uses it.
   */
  account: { id: string; signin_epoch?: number } | "other account" | null;
  /** Whether orders placed without an account still use the address (an account's erasure): their links stay. */
  guestOrdersRemain: boolean;
  /** The « Mes données » link this erasure consumes, deleted by the erasure's last write. */
  usedDataLinkHash?: string;
}

/**
 * What an erasure deletes beyond the orders and the account: the items made under the e-mail that would otherwise
 * keep it until they expire, a day or two later plus the TTL's delay (decision record 017): the abuse limits'
 * counters, the links mailed to it, the Idempotency-Keys of the orders it placed without an account, the
 * promo's day counters of its orders, and the counters of what its unpaid orders held (unpaid_hold_subjects). Read in each round of the erasure and deleted in its transactions; deleting an
 * item gone meanwhile is no error.
 */
export async function emailTraces(deps: DataDeps, erased: ErasedEmail): Promise<ErasureWrite[]> {
  const { email, account } = erased;
  const subjects = ANYONE_SCOPES.map((scope) => ({ scope, subject: email }));
  if (!erased.guestOrdersRemain) subjects.push(...GUEST_SCOPES.map((scope) => ({ scope, subject: email })));
  if (account !== "other account") {
    subjects.push(...ACCOUNT_SCOPES.map((scope) => ({ scope, subject: email })));
    // Each password reset raises the epoch; an address without an account counts under 0.
    const epochs = account?.signin_epoch ?? 0;
    for (let epoch = 0; epoch <= epochs; epoch++)
      for (const scope of SIGNIN_EMAIL_SCOPES) subjects.push({ scope, subject: signinSubject(email, epoch) });
  }
  const orderIds = new Set(erased.orders.map((order) => order.id));
  const [counters, dataLinks, attachLinks, keys] = await Promise.all([
    Promise.all(
      subjects.map(
        async (subject) =>
          (await deps.db.entities.rateWindow.query.bySubject(subject).go({ pages: "all" })).data,
      ),
    ),
    erased.guestOrdersRemain
      ? []
      : deps.db.entities.guestDataToken.query
          .byEmail({ email })
          .go({ pages: "all" })
          .then(({ data }) => data),
    account && account !== "other account"
      ? deps.db.entities.guestAttachToken.query
          .byUser({ user_id: account.id })
          .go({ pages: "all" })
          .then(({ data }) => data)
      : [],
    deps.db.entities.idempotencyKey.query
      .byUser({ user_id: idempotencyScope(guestUserId(email)) })
      .go({ pages: "all" })
      .then(({ data }) => data.filter((key) => orderIds.has(key.order_id))),
  ]);
  // One counter per promo, subject and day, however many of the orders share it.
  const promoDays = new Map<string, { promo_id: string; user_id: string; day: string }>();
  for (const order of erased.orders) {
    if (!order.promo_id || !order.promo_use_subject) continue;
    const day = {
      promo_id: order.promo_id,
      user_id: order.promo_use_subject,
      day: parisDay(new Date(order.created_at)),
    };
    promoDays.set(`${day.promo_id}|${day.user_id}|${day.day}`, day);
  }
  // The counters of what her unpaid orders held (her e-mail, her address): none holds any more once she may erase.
  const holds = new Map<string, { subject: string; product_id: number }>();
  for (const order of erased.orders)
    for (const subject of order.unpaid_hold_subjects ?? [])
      for (const { product_id } of order.items)
        holds.set(`${subject}|${product_id}`, { subject, product_id });
  return [
    ...counters.flat().map(({ scope, subject, bucket_start }) => (entities: TransactionEntities) => ({
      commit: entities.rateWindow.delete({ scope, subject, bucket_start }).commit(),
    })),
    ...dataLinks
      .filter((link) => link.token_hash !== erased.usedDataLinkHash)
      .map(({ token_hash }) => (entities: TransactionEntities) => ({
        commit: entities.guestDataToken.delete({ token_hash }).commit(),
      })),
    ...attachLinks.map(({ token_hash }) => (entities: TransactionEntities) => ({
      commit: entities.guestAttachToken.delete({ token_hash }).commit(),
    })),
    ...keys.map(({ user_id, key }) => (entities: TransactionEntities) => ({
      commit: entities.idempotencyKey.delete({ user_id, key }).commit(),
    })),
    ...[...promoDays.values()].map((day) => (entities: TransactionEntities) => ({
      commit: entities.promoDailyUse.delete(day).commit(),
    })),
    ...[...holds.values()].map((hold) => (entities: TransactionEntities) => ({
      commit: entities.unpaidHold.delete(hold).commit(),
    })),
  ];
}
