/** A guest has no account, so she proves her e-mail by a link sent to it (src/domain/personal-data/guest-data.ts). */

import { guestUserId } from "../../../src/domain/accounts/guest-account";
import { DomainError } from "../../../src/domain/errors";
import {
  erasedGuestUserId,
  GUEST_DATA_LINK_HOURS,
  GUEST_DATA_LINK_INVALID,
  GUEST_DATA_TOKEN_PATTERN,
  guestDataLimits,
  guestDataPath,
  guestExportReadme,
} from "../../../src/domain/personal-data/guest-data";
import { findUserByEmail } from "../../accounts/auth";
import { liftSuppression } from "../../mail/suppressions";
import { deleteGuestLinks, guestTokenHash, newGuestToken } from "../../orders/guest/links";
import { hasOrders, ordersOfUser } from "../../orders/service";
import type { DataDeps, Deps } from "../../platform/deps";
import { admitAttempt, countAttempt } from "../../platform/throttle";
import { eraseReviewsOfAuthor } from "../../reviews/author-data";
import { forgetOptOut } from "../../reviews/opt-outs";
import { getSetting } from "../../settings/service";
import { eraseWaitlistRequests } from "../../waitlist/service";
import { eraseOrders } from "../erase";
import { exportArchive, type PersonalDataExport } from "../export";
import { emailTraces } from "../traces";
import { guestDataLinkMail } from "./mails";
import { guestDataTokenEntity } from "./token-entity";

/**
 * Runs after the route answered, the same whatever the e-mail, so nobody is told whether a link went. A failure
 * throws, and the queue tries again.
 */
export async function sendGuestDataLink(
  deps: Pick<Deps, "db" | "clock" | "mailer" | "siteUrl" | "settingsCacheMs">,
  email: string,
): Promise<void> {
  if (!(await hasOrders(deps, guestUserId(email)))) return;
  const attempt = await countAttempt(deps, [
    { scope: "guest-data-mails", subject: email, rule: guestDataLimits.mailsPerEmail },
  ]);
  if (!attempt.allowed) return;
  if (!deps.siteUrl) throw new Error("SITE_URL is not configured: the link would have no origin.");
  const { token, hash } = newGuestToken();
  const now = deps.clock();
  const expires = new Date(now.getTime() + GUEST_DATA_LINK_HOURS * 3_600_000);
  await guestDataTokenEntity(deps.db)
    .create({
      token_hash: hash,
      email,
      created_at: now.toISOString(),
      expires_at: expires.toISOString(),
      expires_at_ttl: Math.ceil(expires.getTime() / 1000) + 86_400,
    })
    .go();
  const company = await getSetting(deps, "company_info");
  await deps.mailer.send(guestDataLinkMail(email, company.name, `${deps.siteUrl}${guestDataPath(token)}`));
}

/** A link's stored record, while it works: unknown, expired or used to erase answer 404 in French. */
async function openLink(deps: DataDeps, token: string): Promise<{ hash: string; email: string }> {
  const invalid = () => new DomainError("NOT_FOUND", GUEST_DATA_LINK_INVALID);
  if (!GUEST_DATA_TOKEN_PATTERN.test(token)) throw invalid();
  const hash = guestTokenHash(token);
  const { data } = await guestDataTokenEntity(deps.db).get({ token_hash: hash }).go({ consistent: true });
  if (!data || data.used_at || Date.parse(data.expires_at) <= deps.clock().getTime()) throw invalid();
  return { hash, email: data.email };
}

/** Counted per e-mail, as the customer's export is per account. */
export async function exportGuestData(deps: Deps, token: string): Promise<PersonalDataExport> {
  const { email } = await openLink(deps, token);
  await admitAttempt(deps, [
    { scope: "guest-data-export-email", subject: email, rule: guestDataLimits.exportsPerEmail },
  ]);
  return exportArchive(deps, {
    userId: guestUserId(email),
    email,
    head: async () => ({ email }),
    readme: guestExportReadme,
  });
}

/**
 * Her orders' `user_id`, her e-mail, becomes a neutral one per order, so the customer index no longer gathers them.
 * The link is deleted in the last transaction, so it erases once. What serves an account still using the address stays.
 */
export async function eraseGuestData(
  deps: DataDeps & Pick<Deps, "documents"> & Partial<Pick<Deps, "publisher">>,
  token: string,
): Promise<{ erased: number }> {
  const { hash, email } = await openLink(deps, token);
  const userId = guestUserId(email);
  let orderIds: string[] = [];
  const erased = await eraseOrders(deps, async () => {
    const [orders, account] = await Promise.all([ordersOfUser(deps, userId), findUserByEmail(deps, email)]);
    orderIds = orders.map((order) => order.id);
    const now = deps.clock().toISOString();
    return {
      orders,
      traces: await emailTraces(deps, {
        email,
        orders,
        account: account ? "other account" : null,
        guestOrdersRemain: false,
        usedDataLinkHash: hash,
      }),
      erasedUserId: (order) => erasedGuestUserId(order.id),
      beforeWrites: async () => {
        for (const id of orderIds) await deleteGuestLinks(deps, id);
        await eraseReviewsOfAuthor(deps, userId);
      },
      lastWrites: [
        () => ({
          // Deleted rather than marked used: it holds the e-mail.
          commit: guestDataTokenEntity
            .transact(deps.db)
            .delete({ token_hash: hash })
            .where(
              ({ token_hash, used_at, expires_at }, { exists, notExists, gt }) =>
                `${exists(token_hash)} AND ${notExists(used_at)} AND ${gt(expires_at, now)}`,
            )
            .commit(),
          // Used meanwhile by a parallel erasure, or expired since it was read.
          onFailed: new DomainError("NOT_FOUND", GUEST_DATA_LINK_INVALID),
        }),
      ],
    };
  });
  // A link mailed by the owner while the orders were rewritten (a revocation) would open an anonymised order: none.
  for (const id of orderIds) await deleteGuestLinks(deps, id);
  await eraseWaitlistRequests(deps, email);
  if (!(await findUserByEmail(deps, email))) {
    await liftSuppression(deps, email);
    await forgetOptOut(deps, email);
  }
  return { erased };
}
