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
import { rateWindowEntity } from "../platform/db/entities/rate-window";
import { type ReadRound, readRound } from "../platform/db/read-round";
import { writeTransaction } from "../platform/db/transaction";
import type { DataDeps, Deps } from "../platform/deps";
import { admitAttempt, countAttempt, type Limit } from "../platform/throttle";
import { getSetting } from "../settings/service";
import { resetPasswordMail, signinLockedMail } from "./mails";
import { resetTokenEntity } from "./reset-token-entity";
import { sessionEntity } from "./session-entity";
import type { UserEntity } from "./user-entity";
import { userEmailEntity, userEntity } from "./user-entity";

type UserRecord = EntityItem<UserEntity>;
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
  const { data: link } = await userEmailEntity(db).get({ email }).go();
  if (!link) return null;
  const { data } = await userEntity(db).get({ id: link.user_id }).go();
  return data;
}

/** The id of the account an e-mail (normalised) signs in, null when none: one read. */
export async function userIdByEmail({ db }: DataDeps, email: string): Promise<string | null> {
  return (await userEmailEntity(db).get({ email }).go()).data?.user_id ?? null;
}

export async function getUser({ db }: DataDeps, id: string): Promise<UserRecord | null> {
  return (await userEntity(db).get({ id }).go()).data;
}

/** A hash to verify against when the e-mail is unknown, so both cases take the same time. */
let decoyHash: Promise<string> | undefined;

export function signinSubject(email: string, epoch: number): string {
  return `${email}#${epoch}`;
}

/** The e-mail's sign-in scopes, whose subject is signinSubject: an erasure deletes them. */
export const SIGNIN_EMAIL_SCOPES = ["signin-account", "signin-account-day", "signin-lock-notice"] as const;

/**
 * docs/decisions/033-signin-locks.md: the pair (e-mail, address) locks that address only, never the holder elsewhere;
 * the e-mail whatever the address, much higher, bounds guesses spread over many addresses; the address whatever the
 * e-mail. The e-mail's subjects carry its epoch, so a reset starts them afresh. The pair's subject is a digest: an
 * erasure could not find it by e-mail, so it must not hold the e-mail.
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
 * One conditional write, won by at most one attempt per SIGNIN_LOCK_NOTICE_MINUTES and epoch. Made for unknown
 * e-mails too and mailed in the background, so a refused sign-in takes the same time whether the e-mail is known.
 */
async function claimLockNotice(deps: Deps, email: string, epoch: number): Promise<void> {
  const now = deps.clock();
  const nowSeconds = Math.floor(now.getTime() / 1000);
  try {
    await rateWindowEntity(deps.db)
      .put({
        scope: "signin-lock-notice",
        subject: signinSubject(email, epoch),
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
 * Unknown e-mail and wrong password give the same answer. Counted before the password is verified, so parallel
 * guesses cannot all be judged. A success is given back but erases no earlier failure: an attacker guessing in
 * parallel gets no fresh budget from the owner's sign-in.
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
  if (!user || !ok) throw new DomainError("INVALID_CREDENTIALS");
  await attempt.giveBack();
  return { token: await openSession(deps, user.id), user: toSessionUser(user) };
}

/**
 * `<user id>.<secret>`: resolveSession reads the session and its user at once (one round trip less on every signed-in
 * call). The secret carries the 256 bits; the stored hash covers the whole token, so the id cannot be swapped.
 */
const TOKEN_USER = /^([0-9A-Za-z]{1,64})\.[A-Za-z0-9_-]+$/;

export async function openSession(deps: Deps, userId: string): Promise<string> {
  const token = TOKEN_USER.test(`${userId}.x`) ? `${userId}.${randomSecret(32)}` : randomSecret(32);
  const now = deps.clock();
  const expires = new Date(now.getTime() + SESSION_MS);
  await sessionEntity(deps.db)
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

export interface ResolvedSession {
  user: UserRecord;
  tokenHash: string;
}

/**
 * The function returned checks the reads once the round has run: null when the token is unknown, revoked, expired or
 * names another user. Older tokens name no user: theirs is read after the round. Sliding expiry, written at most once
 * a day.
 */
export function sessionInRound(
  deps: DataDeps,
  round: ReadRound,
  token: string,
): () => Promise<ResolvedSession | null> {
  if (!token || token.length > 200) return async () => null;
  const tokenHash = hashToken(token);
  const named = sessionUserId(token);
  const session = round.get(sessionEntity(deps.db), { token_hash: tokenHash });
  const namedUser = named ? round.get(userEntity(deps.db), { id: named }) : null;
  return async () => {
    const found = session.value;
    const now = deps.clock().getTime();
    if (!found || Date.parse(found.expires_at) <= now) return null;
    if (named && found.user_id !== named) return null;
    const user = namedUser ? namedUser.value : await getUser(deps, found.user_id);
    if (!user) return null;
    if (Date.parse(found.expires_at) - now < SESSION_MS - DAY) {
      const expires = new Date(now + SESSION_MS);
      await sessionEntity(deps.db)
        .patch({ token_hash: tokenHash })
        .set({ expires_at: expires.toISOString(), expires_at_ttl: Math.ceil(expires.getTime() / 1000) })
        .go()
        .catch(() => undefined); // revoked meanwhile: the next request will see it
    }
    return { user, tokenHash };
  };
}

/** The user id a token names, unchecked: only a read round's keys rely on it before the check. */
export function sessionUserId(token: string): string | undefined {
  return TOKEN_USER.exec(token)?.[1];
}

export async function resolveSession(deps: DataDeps, token: string): Promise<ResolvedSession | null> {
  const round = readRound(deps.db);
  const check = sessionInRound(deps, round, token);
  await round.run();
  return check();
}

export async function signOut(deps: Deps, token: string): Promise<void> {
  await sessionEntity(deps.db)
    .delete({ token_hash: hashToken(token) })
    .go();
}

export async function revokeSessions(deps: DataDeps, userId: string, keepTokenHash?: string): Promise<void> {
  const { data } = await sessionEntity(deps.db).query.byUser({ user_id: userId }).go({ pages: "all" });
  const doomed = data.filter((session) => session.token_hash !== keepTokenHash);
  for (let i = 0; i < doomed.length; i += 25) {
    await sessionEntity(deps.db)
      .delete(doomed.slice(i, i + 25).map((s) => ({ token_hash: s.token_hash })))
      .go();
  }
}

/** Does not look the account up: the route answers in the same time whatever the e-mail. */
export function requestPasswordReset(deps: Deps, email: string): void {
  deps.accountMail.request({ kind: "password-reset", email, requested_at: deps.clock().toISOString() });
}

export type AccountMailDeps = Pick<Deps, "db" | "clock" | "mailer" | "siteUrl">;

/** Counted before the mail is sent; nobody is told either way. */
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

/** Not counted against the reset mails' limit: an attacker's locks must not use up the holder's own reset mails. */
export async function sendSigninLockNotice(deps: AccountMailDeps, email: string): Promise<void> {
  const user = await findUserByEmail(deps, email);
  if (!user) return;
  const { link, company } = await newResetLink(deps, user);
  await deps.mailer.send(signinLockedMail(user.email, company.name, user.full_name ?? "", link));
}

async function newResetLink(deps: AccountMailDeps, user: UserRecord) {
  if (!deps.siteUrl) throw new Error("SITE_URL is not configured: the reset link would have no origin.");
  const token = randomSecret(32);
  const expires = new Date(deps.clock().getTime() + RESET_TOKEN_MINUTES * 60_000);
  await resetTokenEntity(deps.db)
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
 * The token is marked used in the transaction that writes the password, on the condition that it was unused: it works
 * once. The sign-in epoch is raised in the same write, lifting every lock.
 */
export async function resetPassword(deps: Deps, input: z.output<typeof resetPasswordSchema>): Promise<void> {
  const tokenHash = hashToken(input.token);
  const { data: token } = await resetTokenEntity(deps.db).get({ token_hash: tokenHash }).go();
  const now = deps.clock();
  if (!token || token.used_at || Date.parse(token.expires_at) <= now.getTime()) {
    throw new DomainError("INVALID_RESET_TOKEN");
  }
  const passwordHash = await hashPassword(input.newPassword);
  await writeTransaction(deps.db, () => [
    {
      commit: resetTokenEntity
        .transact(deps.db)
        .patch({ token_hash: tokenHash })
        .set({ used_at: now.toISOString() })
        .where(({ used_at }, { notExists }) => notExists(used_at))
        .commit(),
      onFailed: new DomainError("INVALID_RESET_TOKEN"),
    },
    {
      commit: userEntity
        .transact(deps.db)
        .patch({ id: token.user_id })
        .set({ password_hash: passwordHash })
        .add({ signin_epoch: 1 })
        .commit(),
      onFailed: new DomainError("INVALID_RESET_TOKEN"),
    },
  ]);
  await revokeSessions(deps, token.user_id);
}

export async function changePassword(
  deps: Deps,
  user: UserRecord,
  currentTokenHash: string,
  input: z.output<typeof changePasswordSchema>,
): Promise<void> {
  // Counted before the check, like sign-ins: a stolen session cannot try passwords at will.
  const attempt = await admitAttempt(deps, [
    { scope: "password-check-user", subject: user.id, rule: rateLimits.passwordChecksPerUser },
  ]);
  if (!(await verifyPassword(input.currentPassword, user.password_hash)))
    throw new DomainError("WRONG_PASSWORD");
  await attempt.giveBack();
  await userEntity(deps.db)
    .patch({ id: user.id })
    .set({ password_hash: await hashPassword(input.newPassword) })
    .go();
  await revokeSessions(deps, user.id, currentTokenHash);
}
