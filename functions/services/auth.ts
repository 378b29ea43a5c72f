import { createHash } from "node:crypto";
import type { EntityItem } from "electrodb";
import type { z } from "zod";
import {
  type changePasswordSchema,
  RESET_TOKEN_MINUTES,
  type resetPasswordSchema,
  SESSION_DAYS,
  type SessionUser,
  type signinSchema,
} from "../../src/domain/account";
import { DomainError } from "../../src/domain/errors";
import { rateLimits } from "../../src/domain/rate-limit";
import type { AccountMailRequest } from "../adapters/account-mail-queue";
import { randomSecret } from "../adapters/ids";
import { hashPassword, verifyPassword } from "../adapters/password";
import type { UserEntity } from "../db/entities/user";
import type { DataDeps, Deps } from "./deps";
import { resetPasswordMail } from "./mails";
import { getSetting } from "./settings";
import { handleStockMail } from "./stock-mails";
import { admitAttempt, countAttempt } from "./throttle";
import { writeTransaction } from "./transaction";

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

/**
 * Checks the credentials and opens a session. Unknown e-mail and wrong password give the same answer.
 * The attempt is counted before the password is verified (per e-mail and per client address, sliding windows:
 * rateLimits in src/domain/rate-limit.ts), and refused with 429 when a count exceeds its limit, so parallel
 * guesses cannot all be judged. A success is given back: the limits count failures. It does not erase the
 * failures before it either (an attacker guessing in parallel gets no fresh budget from the owner's sign-in).
 * `clientAddress` is the key of the caller's address (functions/api/middleware/client-ip.ts).
 */
export async function signIn(
  deps: Deps,
  input: z.output<typeof signinSchema>,
  clientAddress: string,
): Promise<{ token: string; user: SessionUser }> {
  const attempt = await admitAttempt(deps, [
    { scope: "signin-email", subject: input.email, rule: rateLimits.signinPerEmail },
    { scope: "signin-address", subject: clientAddress, rule: rateLimits.signinPerAddress },
  ]);

  const user = await findUserByEmail(deps, input.email);
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

/**
 * The user behind a session token, or null when the token is unknown, revoked or expired.
 * Sliding expiry: a session used again is extended to 30 days from now, at most once a day.
 */
export async function resolveSession(
  deps: Deps,
  token: string,
): Promise<{ user: UserRecord; tokenHash: string } | null> {
  if (!token || token.length > 200) return null;
  const tokenHash = hashToken(token);
  const named = TOKEN_USER.exec(token)?.[1];
  const readSession = async () => (await deps.db.entities.session.get({ token_hash: tokenHash }).go()).data;
  // A token that names its user: both read at once, and the session must be that user's. Tokens opened before
  // issue 18 carry no id: their user is read once the session says who it is.
  const [session, namedUser] = await Promise.all([readSession(), named ? getUser(deps, named) : null]);
  const now = deps.clock().getTime();
  if (!session || Date.parse(session.expires_at) <= now) return null;
  if (named && session.user_id !== named) return null;
  const user = named ? namedUser : await getUser(deps, session.user_id);
  if (!user) return null;
  if (Date.parse(session.expires_at) - now < SESSION_MS - DAY) {
    const expires = new Date(now + SESSION_MS);
    await deps.db.entities.session
      .patch({ token_hash: tokenHash })
      .set({ expires_at: expires.toISOString(), expires_at_ttl: Math.ceil(expires.getTime() / 1000) })
      .go()
      .catch(() => undefined); // revoked meanwhile: the next request will see it
  }
  return { user, tokenHash };
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
  await deps.mailer.send(resetPasswordMail(user.email, company.name, user.full_name ?? "", link));
}

/** Runs one handed-over account mail request (both hosts: inProcessAccountMail, functions/jobs/account-mail.ts). */
export async function handleAccountMail(deps: AccountMailDeps, request: AccountMailRequest): Promise<void> {
  switch (request.kind) {
    case "password-reset":
      return sendPasswordReset(deps, request.email);
    default:
      // Stock alerts and the waitlist (decision record 026).
      return handleStockMail(deps, request);
  }
}

/**
 * Sets a new password from a reset link. The token is marked used in the same transaction that writes the
 * password, on the condition that it was unused and unexpired, so it works exactly once. All sessions end.
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
      commit: user.patch({ id: token.user_id }).set({ password_hash: passwordHash }).commit(),
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
