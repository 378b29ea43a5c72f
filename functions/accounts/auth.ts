import { createHash } from "node:crypto";
import type { EntityItem } from "electrodb";
import type { z } from "zod";
import {
  type changePasswordSchema,
  RESET_TOKEN_MINUTES,
  type resetPasswordSchema,
  SESSION_DAYS,
  type SessionUser,
  SIGNIN_LOCK_NOTICE_MINUTES,
  type signinSchema,
} from "../../src/domain/accounts/account";
import { DomainError } from "../../src/domain/errors";
import { rateLimits } from "../../src/domain/rate-limit";
import { randomSecret } from "../platform/adapters/ids";
import { hashPassword, verifyPassword } from "../platform/adapters/password";
import { type ReadRound, readRound } from "../platform/db/read-round";
import { writeTransaction } from "../platform/db/transaction";
import type { DataDeps, Deps } from "../platform/deps";
import { admitAttempt, countAttempt, type Limit } from "../platform/throttle";
import { getSetting } from "../settings/service";
import { resetPasswordMail, signinLockedMail } from "./mails";
import type { UserEntity } from "./user-entity";

type UserRecord = EntityItem<UserEntity>;
/** A signed-in user as the use cases receive it (the stored record; never sent as is). */
export type AuthUser = UserRecord;

const DAY = 86_400_000;
const SESSION_MS = SESSION_DAYS * DAY;

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

export function toSessionUser(user: UserRecord): SessionUser {
  return {
    id: user.id,
    email: user.email,
    full_name: user.full_name ?? "",
    phone: user.phone ?? "",
    is_admin: user.is_admin ?? false,
    created_at: user.created_at,
  };
}

export async function findUserByEmail({ db }: DataDeps, email: string): Promise<UserRecord | null> {
  const { data: link } = await db.entities.userEmail.get({ email }).go();
  if (!link) return null;
  const { data } = await db.entities.user.get({ id: link.user_id }).go();
  return data;
}

export async function getUser({ db }: DataDeps, id: string): Promise<UserRecord | null> {
  return (await db.entities.user.get({ id }).go()).data;
}

/** A hash to verify against when the e-mail is unknown, so both cases take the same time. */
let decoyHash: Promise<string> | undefined;

/** What the sign-in limits of an e-mail count under: the e-mail and its epoch, which each reset raises. */
export function signinSubject(email: string, epoch: number): string {
  return `${email}#${epoch}`;
}

/** The e-mail's sign-in scopes, whose subject is signinSubject: an erasure deletes them (decision record 017). */
export const SIGNIN_EMAIL_SCOPES = ["signin-account", "signin-account-day", "signin-lock-notice"] as const;

/**
 * The limits a sign-in counts under (rateLimits in src/domain/rate-limit.ts; decision record 033): the pair (e-mail,
 * address), so failures from one address lock that address only, never the holder elsewhere; the e-mail whatever
 * the address, much higher, over 15 minutes and a day, so guesses spread over many addresses stay bounded; and the
 * address whatever the e-mail (011). The e-mail's subjects carry its epoch: a reset starts them afresh. The pair's
 * subject is a digest: it cannot be listed by e-mail, so an erasure could not find it, and it must not keep the
 * e-mail until it expires.
 */
function signinLimits(email: string, epoch: number, clientAddress: string): Limit[] {
  const account = signinSubject(email, epoch);
  const pair = createHash("sha256").update(`${account}|${clientAddress}`).digest("base64url");
  return [
    { scope: "signin-pair", subject: pair, rule: rateLimits.signinPerPair },
    { scope: "signin-account", subject: account, rule: rateLimits.signinPerAccount },
    { scope: "signin-account-day", subject: account, rule: rateLimits.signinPerAccountPerDay },
    { scope: "signin-address", subject: clientAddress, rule: rateLimits.signinPerAddress },
  ];
}

/**
 * Claims the notice of a lock that just refused a sign-in for this e-mail: one conditional write, which succeeds for
 * at most one attempt per SIGNIN_LOCK_NOTICE_MINUTES and epoch, whatever the parallelism. The winner hands the mail
 * over (sent in the background, so a refused sign-in answers in the same time whether the e-mail is known or not:
 * the write is made for unknown e-mails too, and sendSigninLockNotice mails only an existing account).
 */
async function claimLockNotice(deps: Deps, email: string, epoch: number): Promise<void> {
  const now = deps.clock();
  const nowSeconds = Math.floor(now.getTime() / 1000);
  try {
    await deps.db.entities.rateWindow
      .put({
        scope: "signin-lock-notice",
        subject: signinSubject(email, epoch),
        // One item per account and epoch (not a bucket of a window): it says until when the last notice holds.
        bucket_start: "notice",
        count: 1,
        expires_at_ttl: nowSeconds + SIGNIN_LOCK_NOTICE_MINUTES * 60,
      })
      // TTL deletes late (up to days): an expired notice is judged by its time, never by its absence alone.
      .where(
        ({ expires_at_ttl }, { notExists, lt }) =>
          `${notExists(expires_at_ttl)} OR ${lt(expires_at_ttl, nowSeconds)}`,
      )
      .go({ response: "none" });
  } catch (error) {
    const cause = (error as { cause?: { name?: string } })?.cause;
    if (cause?.name === "ConditionalCheckFailedException") return; // this lock was already told
    throw error;
  }
  deps.accountMail.request({ kind: "signin-locked", email, requested_at: now.toISOString() });
}

/**
 * Checks the credentials and opens a session. Unknown e-mail and wrong password give the same answer.
 * The attempt is counted before the password is verified (signinLimits, sliding windows), and refused with 429
 * when a count exceeds its limit, so parallel guesses cannot all be judged. A success is given back: the limits
 * count failures. It does not erase the failures before it either (an attacker guessing in parallel gets no fresh
 * budget from the owner's sign-in). A refusal by the pair or the account limits mails the holder once per lock
 * (claimLockNotice). `clientAddress` is the key of the caller's address (functions/platform/middleware/client-ip.ts).
 */
export async function signIn(
  deps: Deps,
  input: z.output<typeof signinSchema>,
  clientAddress: string,
): Promise<{ token: string; user: SessionUser }> {
  // The account first: its epoch names the counters (an unknown e-mail has none and counts under 0).
  const user = await findUserByEmail(deps, input.email);
  const epoch = user?.signin_epoch ?? 0;
  const attempt = await countAttempt(deps, signinLimits(input.email, epoch, clientAddress));
  if (!attempt.allowed) {
    if (attempt.exceeded.some((limit) => limit.scope !== "signin-address"))
      await claimLockNotice(deps, input.email, epoch);
    throw new DomainError("RATE_LIMITED", undefined, { retry_after: attempt.retryAfterSeconds });
  }

  decoyHash ??= hashPassword(randomSecret());
  const ok = await verifyPassword(input.password, user?.password_hash ?? (await decoyHash));
  // A failure stays counted: it was judged.
  if (!user || !ok) throw new DomainError("INVALID_CREDENTIALS");
  await attempt.giveBack();
  return { token: await openSession(deps, user.id), user: toSessionUser(user) };
}

/**
 * A session token names its user before its secret (`<user id>.<secret>`, issue 18): resolveSession then reads the
 * session and its user at once instead of one after the other (one round trip less on every signed-in call). The
 * secret alone carries the 256 bits; the stored hash covers the whole token, so the id cannot be swapped.
 */
const TOKEN_USER = /^([0-9A-Za-z]{1,64})\.[A-Za-z0-9_-]+$/;

export async function openSession(deps: Deps, userId: string): Promise<string> {
  const token = TOKEN_USER.test(`${userId}.x`) ? `${userId}.${randomSecret(32)}` : randomSecret(32);
  const now = deps.clock();
  const expires = new Date(now.getTime() + SESSION_MS);
  await deps.db.entities.session
    .create({
      token_hash: hashToken(token),
      user_id: userId,
      created_at: now.toISOString(),
      expires_at: expires.toISOString(),
      expires_at_ttl: Math.ceil(expires.getTime() / 1000),
    })
    .go();
  return token;
}

/** A session as a request proves it: its user and the hash of its token (to keep it when revoking the others). */
export interface ResolvedSession {
  user: UserRecord;
  tokenHash: string;
}

/**
 * The reads that prove a session, added to a read round (read-round.ts): the session and the user its token names,
 * asked with whatever else the round asks. The function returned checks them once the round has run: the session
 * or null when the token is unknown, revoked, expired or names another user. Tokens opened before issue 18 name no
 * user: theirs is read after the round, once the session says who it is. Sliding expiry: a session used again is
 * extended to 30 days from now, at most once a day.
 */
export function sessionInRound(
  deps: DataDeps,
  round: ReadRound,
  token: string,
): () => Promise<ResolvedSession | null> {
  if (!token || token.length > 200) return async () => null;
  const tokenHash = hashToken(token);
  const named = sessionUserId(token);
  const session = round.get(deps.db.entities.session, { token_hash: tokenHash });
  const namedUser = named ? round.get(deps.db.entities.user, { id: named }) : null;
  return async () => {
    const found = session.value;
    const now = deps.clock().getTime();
    if (!found || Date.parse(found.expires_at) <= now) return null;
    if (named && found.user_id !== named) return null;
    const user = namedUser ? namedUser.value : await getUser(deps, found.user_id);
    if (!user) return null;
    if (Date.parse(found.expires_at) - now < SESSION_MS - DAY) {
      const expires = new Date(now + SESSION_MS);
      await deps.db.entities.session
        .patch({ token_hash: tokenHash })
        .set({ expires_at: expires.toISOString(), expires_at_ttl: Math.ceil(expires.getTime() / 1000) })
        .go()
        .catch(() => undefined); // revoked meanwhile: the next request will see it
    }
    return { user, tokenHash };
  };
}

/** The user id a token names (`<user id>.<secret>`), unchecked: only a read round's keys rely on it before the check. */
export function sessionUserId(token: string): string | undefined {
  return TOKEN_USER.exec(token)?.[1];
}

/** The user behind a session token, or null when the token is unknown, revoked or expired (one round trip). */
export async function resolveSession(deps: DataDeps, token: string): Promise<ResolvedSession | null> {
  const round = readRound(deps.db);
  const check = sessionInRound(deps, round, token);
  await round.run();
  return check();
}

export async function signOut(deps: Deps, token: string): Promise<void> {
  await deps.db.entities.session.delete({ token_hash: hashToken(token) }).go();
}

/** Revokes every session of a user, but the one given (the session that changed the password). */
export async function revokeSessions(deps: DataDeps, userId: string, keepTokenHash?: string): Promise<void> {
  const { data } = await deps.db.entities.session.query.byUser({ user_id: userId }).go({ pages: "all" });
  const doomed = data.filter((session) => session.token_hash !== keepTokenHash);
  for (let i = 0; i < doomed.length; i += 25) {
    await deps.db.entities.session
      .delete(doomed.slice(i, i + 25).map((s) => ({ token_hash: s.token_hash })))
      .go();
  }
}

/**
 * Forgot password, the request's part: hands "a reset was asked for <email>" to the background (Deps.accountMail)
 * and returns at once. It does not look the account up: the route then answers in the same time whatever the
 * e-mail (issue 14, defect 3; docs/decisions/011-abuse-limits.md). `email` is normalized (the route's schema).
 */
export function requestPasswordReset(deps: Deps, email: string): void {
  deps.accountMail.request({ kind: "password-reset", email, requested_at: deps.clock().toISOString() });
}

/** What the background part needs: no queue of its own, so the in-process runner can be built from it. */
export type AccountMailDeps = Pick<Deps, "db" | "clock" | "mailer" | "siteUrl">;

/**
 * Forgot password, the background part (in-process locally, the account mail queue's subscriber on AWS): sends a
 * reset link when the account exists and it has had fewer than RESET_MAILS_PER_HOUR in the last hour (counted
 * before the mail is sent, sliding window: rateLimits.resetMailsPerEmail). Nobody is told either way.
 */
export async function sendPasswordReset(deps: AccountMailDeps, email: string): Promise<void> {
  const user = await findUserByEmail(deps, email);
  if (!user) return;
  const attempt = await countAttempt(deps, [
    { scope: "reset-mails", subject: email, rule: rateLimits.resetMailsPerEmail },
  ]);
  if (!attempt.allowed) return;
  const { link, company } = await newResetLink(deps, user);
  await deps.mailer.send(resetPasswordMail(user.email, company.name, user.full_name ?? "", link));
}

/**
 * The background part of a sign-in lock's notice (claimLockNotice decided it is owed): the holder of an existing
 * account gets a reset link, which lifts every lock of the account (resetPassword raises its epoch). Not counted
 * against the reset mails' limit: an attacker's locks must not use up the holder's own reset mails.
 */
export async function sendSigninLockNotice(deps: AccountMailDeps, email: string): Promise<void> {
  const user = await findUserByEmail(deps, email);
  if (!user) return;
  const { link, company } = await newResetLink(deps, user);
  await deps.mailer.send(signinLockedMail(user.email, company.name, user.full_name ?? "", link));
}

/** A new single-use reset token for the user, stored hashed, and the link that carries it. */
async function newResetLink(deps: AccountMailDeps, user: UserRecord) {
  if (!deps.siteUrl) throw new Error("SITE_URL is not configured: the reset link would have no origin.");
  const token = randomSecret(32);
  const expires = new Date(deps.clock().getTime() + RESET_TOKEN_MINUTES * 60_000);
  await deps.db.entities.resetToken
    .create({
      token_hash: hashToken(token),
      user_id: user.id,
      expires_at: expires.toISOString(),
      expires_at_ttl: Math.ceil(expires.getTime() / 1000) + 86_400,
    })
    .go();
  const link = `${deps.siteUrl}/reset-password?token=${encodeURIComponent(token)}`;
  const company = await getSetting(deps, "company_info");
  return { link, company };
}

/**
 * Sets a new password from a reset link. The token is marked used in the same transaction that writes the
 * password, on the condition that it was unused and unexpired, so it works exactly once. All sessions end. The
 * account's sign-in epoch is raised in the same write: every lock of the account lifts at once (decision record 033).
 */
export async function resetPassword(deps: Deps, input: z.output<typeof resetPasswordSchema>): Promise<void> {
  const tokenHash = hashToken(input.token);
  const { data: token } = await deps.db.entities.resetToken.get({ token_hash: tokenHash }).go();
  const now = deps.clock();
  if (!token || token.used_at || Date.parse(token.expires_at) <= now.getTime()) {
    throw new DomainError("INVALID_RESET_TOKEN");
  }
  const passwordHash = await hashPassword(input.newPassword);
  await writeTransaction(deps.db, ({ resetToken, user }) => [
    {
      commit: resetToken
        .patch({ token_hash: tokenHash })
        .set({ used_at: now.toISOString() })
        .where(({ used_at }, { notExists }) => notExists(used_at))
        .commit(),
      onFailed: new DomainError("INVALID_RESET_TOKEN"),
    },
    {
      commit: user
        .patch({ id: token.user_id })
        .set({ password_hash: passwordHash })
        .add({ signin_epoch: 1 })
        .commit(),
      onFailed: new DomainError("INVALID_RESET_TOKEN"),
    },
  ]);
  await revokeSessions(deps, token.user_id);
}

/** Changes the password of a signed-in user after checking the current one; the user's other sessions end. */
export async function changePassword(
  deps: Deps,
  user: UserRecord,
  currentTokenHash: string,
  input: z.output<typeof changePasswordSchema>,
): Promise<void> {
  // Counted before the check, like sign-ins: a stolen session cannot try passwords at will (issue 14, defect 10).
  const attempt = await admitAttempt(deps, [
    { scope: "password-check-user", subject: user.id, rule: rateLimits.passwordChecksPerUser },
  ]);
  if (!(await verifyPassword(input.currentPassword, user.password_hash)))
    throw new DomainError("WRONG_PASSWORD");
  await attempt.giveBack();
  await deps.db.entities.user
    .patch({ id: user.id })
    .set({ password_hash: await hashPassword(input.newPassword) })
    .go();
  await revokeSessions(deps, user.id, currentTokenHash);
}
