import { guestUserId } from "../../src/domain/accounts/guest-account";
import { idempotencyScope } from "../../src/domain/orders/guest";
import { parisDay } from "../../src/domain/paris-time";
import { SIGNIN_EMAIL_SCOPES, signinSubject } from "../accounts/auth";
import { attachLinkDeletes, idempotencyKeyDeletes, unpaidHoldDelete } from "../orders/erasure-items";
import { GUEST_CONFIRMATION_SCOPES } from "../orders/guest/confirmation-scopes";
import type { OrderRecord } from "../orders/service";
import { rateWindowEntity } from "../platform/db/entities/rate-window";
import type { TransactionItem } from "../platform/db/transaction";
import type { DataDeps } from "../platform/deps";
import { dailyUseDelete } from "../promos/order-items";
import { guestDataTokenEntity } from "./guest/token-entity";

export type ErasureWrite = () => TransactionItem;

/** Abuse limits counted under a bare e-mail, by whom they serve: an account, guest orders, or anyone. */
const ACCOUNT_SCOPES = ["reset-mails", "guest-attach-mails"];
const GUEST_SCOPES = ["guest-data-mails", "guest-data-export-email", ...GUEST_CONFIRMATION_SCOPES];
const ANYONE_SCOPES = ["waitlist-mails"];

export interface ErasedEmail {
  email: string;
  orders: readonly OrderRecord[];
  /** "other account": an account still uses the address, and what serves it stays. */
  account: { id: string; signin_epoch?: number } | "other account" | null;
  guestOrdersRemain: boolean;
  usedDataLinkHash?: string;
}

/**
 * Items made under the e-mail that would keep it until they expire, days later. Deleting an
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
          (await rateWindowEntity(deps.db).query.bySubject(subject).go({ pages: "all" })).data,
      ),
    ),
    erased.guestOrdersRemain
      ? []
      : guestDataTokenEntity(deps.db)
          .query.byEmail({ email })
          .go({ pages: "all" })
          .then(({ data }) => data),
    account && account !== "other account" ? attachLinkDeletes(deps, account.id) : [],
    idempotencyKeyDeletes(deps, idempotencyScope(guestUserId(email)), orderIds),
  ]);
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
    ...counters.flat().map(({ scope, subject, bucket_start }) => () => ({
      commit: rateWindowEntity.transact(deps.db).delete({ scope, subject, bucket_start }).commit(),
    })),
    ...dataLinks
      .filter((link) => link.token_hash !== erased.usedDataLinkHash)
      .map(({ token_hash }) => () => ({
        commit: guestDataTokenEntity.transact(deps.db).delete({ token_hash }).commit(),
      })),
    ...attachLinks,
    ...keys,
    ...[...promoDays.values()].map((day) => () => dailyUseDelete(deps.db, day)),
    ...[...holds.values()].map((hold) => () => unpaidHoldDelete(deps.db, hold)),
  ];
}
