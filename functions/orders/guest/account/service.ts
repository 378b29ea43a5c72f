/**
 * « Créer mon compte » after a guest order (src/domain/accounts/guest-account.ts). The orders move only through a
 * link mailed to the e-mail, so nobody gets someone else's orders by typing an address.
 */

import type { SessionUser } from "../../../../src/domain/accounts/account";
import { normalizeEmail } from "../../../../src/domain/accounts/account";
import {
  ATTACH_ORDERS_PER_TRANSACTION,
  attachLinkExpiry,
  attachLinkRefusal,
  GUEST_ATTACH_LINK_INVALID,
  GUEST_ATTACH_TOKEN_PATTERN,
  guestAccountLimits,
  guestAccountName,
  guestAttachPath,
  guestUserId,
} from "../../../../src/domain/accounts/guest-account";
import { DomainError } from "../../../../src/domain/errors";
import { rateLimits } from "../../../../src/domain/rate-limit";
import { type AuthUser, findUserByEmail, getUser, openSession, toSessionUser } from "../../../accounts/auth";
import { createUser } from "../../../accounts/service";
import { batchGetAll } from "../../../platform/db/batch-get";
import { STALE_ATTEMPTS } from "../../../platform/db/retry-on-stale";
import { writeTransaction } from "../../../platform/db/transaction";
import type { DataDeps, Deps } from "../../../platform/deps";
import { admitAttempt, countAttempt } from "../../../platform/throttle";
import { getSetting } from "../../../settings/service";
import { orderEntity } from "../../entity";
import { guestOrder, guestTokenHash, newGuestToken } from "../links";
import { guestAttachTokenEntity } from "./attach-token-entity";
import { type AttachMailReason, guestOrdersAttachMail } from "./mails";

type MailDeps = Pick<Deps, "db" | "clock" | "mailer" | "siteUrl" | "settingsCacheMs">;

/** Counted per e-mail (sliding window, silently). Never throws: the answers say the same whether the mail went. */
export async function mailAttachLink(
  deps: MailDeps,
  account: Pick<AuthUser, "id" | "email" | "full_name">,
  reason: AttachMailReason,
): Promise<void> {
  try {
    const attempt = await countAttempt(deps, [
      { scope: "guest-attach-mails", subject: account.email, rule: guestAccountLimits.attachMailsPerEmail },
    ]);
    if (!attempt.allowed) return;
    if (!deps.siteUrl) throw new Error("SITE_URL is not configured: the link would have no origin.");
    const { token, hash } = newGuestToken();
    const now = deps.clock();
    const expires = attachLinkExpiry(now);
    await guestAttachTokenEntity(deps.db)
      .create({
        token_hash: hash,
        user_id: account.id,
        email: account.email,
        created_at: now.toISOString(),
        expires_at: expires.toISOString(),
        expires_at_ttl: Math.ceil(expires.getTime() / 1000) + 86_400,
      })
      .go();
    const company = await getSetting(deps, "company_info");
    await deps.mailer.send(
      guestOrdersAttachMail(account.email, {
        shopName: company.name,
        fullName: account.full_name ?? "",
        link: `${deps.siteUrl}${guestAttachPath(token)}`,
        reason,
      }),
    );
  } catch (error) {
    console.error("A link attaching guest orders to an account could not be sent", error);
  }
}

/**
 * Counted like a sign-up. Created or EMAIL_TAKEN alike, an attach link goes to the e-mail: its holder alone can move
 * the guest orders to her account.
 */
export async function createGuestAccount(
  deps: Deps,
  input: { orderId: string; orderToken: string | undefined; password: string },
  clientAddress: string,
): Promise<{ sessionToken: string; user: SessionUser }> {
  await admitAttempt(deps, [
    { scope: "signup-address", subject: clientAddress, rule: rateLimits.signupPerAddress },
  ]);
  const order = await guestOrder(deps, input.orderId, input.orderToken);
  if (!order.customer_email) throw new DomainError("ORDER_NOT_FOUND");
  const email = normalizeEmail(order.customer_email);
  let id: string;
  try {
    ({ id } = await createUser(deps, { email, password: input.password, fullName: guestAccountName(order) }));
  } catch (error) {
    if (error instanceof DomainError && error.code === "EMAIL_TAKEN") {
      const holder = await findUserByEmail(deps, email);
      if (holder) await mailAttachLink(deps, holder, "taken");
    }
    throw error;
  }
  const user = await getUser(deps, id);
  if (!user) throw new DomainError("INTERNAL");
  const sessionToken = await openSession(deps, id);
  await mailAttachLink(deps, user, "created");
  return { sessionToken, user: toSessionUser(user) };
}

/** The answer says the same whether guest orders exist under the e-mail or not. */
export async function requestAttachLink(deps: MailDeps, account: AuthUser): Promise<void> {
  try {
    const { data } = await orderEntity(deps.db)
      .query.byUser({ user_id: guestUserId(account.email) })
      .go({ limit: 1 });
    if (!data.length) return;
  } catch (error) {
    console.error("The guest orders of an account's e-mail could not be looked up", error);
    return;
  }
  await mailAttachLink(deps, account, "requested");
}

async function stillTheGuests(deps: DataDeps, ids: readonly string[], guestId: string): Promise<string[]> {
  const orders = await batchGetAll(
    (keys) => orderEntity(deps.db).get(keys).go({ consistent: true }),
    ids.map((id) => ({ id })),
  );
  const kept = new Set(orders.filter((order) => order.user_id === guestId).map((order) => order.id));
  return ids.filter((id) => kept.has(id));
}

/**
 * The link must be unused, unexpired, and for this account and the e-mail it still has (404 otherwise). Each
 * order's write is conditioned on it still being the guest's; the link is consumed in the first transaction on the
 * condition that it was unused, so two uses at once attach once. The orders' guest links stay and lead her to sign in.
 */
export async function attachGuestOrders(
  deps: DataDeps,
  account: AuthUser,
  token: string,
): Promise<{ attached: number }> {
  const invalid = () => new DomainError("NOT_FOUND", GUEST_ATTACH_LINK_INVALID);
  if (!GUEST_ATTACH_TOKEN_PATTERN.test(token)) throw invalid();
  const hash = guestTokenHash(token);
  const { data: link } = await guestAttachTokenEntity(deps.db)
    .get({ token_hash: hash })
    .go({ consistent: true });
  const refusal = attachLinkRefusal(link, account, deps.clock());
  if (refusal || !link) throw new DomainError("NOT_FOUND", refusal ?? GUEST_ATTACH_LINK_INVALID);
  const guestId = guestUserId(link.email);
  // The customer index is eventually consistent: the condition on each order's user_id judges, not this list.
  const { data: listed } = await orderEntity(deps.db).query.byUser({ user_id: guestId }).go({ pages: "all" });
  let pending = listed.map((order) => order.id);
  const moved: string[] = [];
  let consumed = false;
  for (let round = 1; !consumed || pending.length; round++) {
    if (round > STALE_ATTEMPTS)
      throw new DomainError("CONFLICT", "Vos commandes changent en ce moment : réessayez dans un instant.");
    const run = pending.slice(0, ATTACH_ORDERS_PER_TRANSACTION);
    const now = deps.clock().toISOString();
    const outcome = await writeTransaction(deps.db, () => [
      ...(consumed
        ? []
        : [
            {
              commit: guestAttachTokenEntity
                .transact(deps.db)
                .patch({ token_hash: hash })
                .set({ used_at: now })
                .where(({ used_at }, { notExists }) => notExists(used_at))
                .commit(),
              onFailed: invalid(),
            },
          ]),
      ...run.map((id) => ({
        commit: orderEntity
          .transact(deps.db)
          .patch({ id })
          .set({ user_id: account.id, updated_at: now })
          .add({ version: 1 })
          .where(({ user_id }, { eq }) => eq(user_id, guestId))
          .commit(),
        onFailed: "stale" as const,
      })),
    ]);
    if (outcome === "stale") {
      pending = [...(await stillTheGuests(deps, run, guestId)), ...pending.slice(run.length)];
      continue;
    }
    consumed = true;
    moved.push(...run);
    pending = pending.slice(run.length);
  }
  return { attached: moved.length };
}
