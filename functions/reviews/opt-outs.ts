/**
 * The invitations' opt-out: a random token per mail (its SHA-256 kept) that opts out its address, kept as a SHA-256
 * of the normalised address, never the address. Apart from the invitations, so what reads it stays small.
 */
import { createHash, randomBytes } from "node:crypto";
import { DomainError } from "../../src/domain/errors";
import { OPT_OUT_LINK_INVALID, REVIEW_OPT_OUT_TOKEN_PATTERN } from "../../src/domain/reviews/opt-out";
import { normalizeEmail } from "../mail/suppressions";
import { isConditionFailure } from "../platform/db/errors";
import type { DataDeps } from "../platform/deps";
import { reviewOptOutEntity, reviewOptOutLinkEntity } from "./invitation-entity";

const DAY_MS = 86_400_000;
/** How long an opt-out link and a claim are kept: longer than anyone opens an old mail, or than the window. */
export const KEPT_DAYS = 365;
export const keptUntil = (now: Date) => Math.ceil((now.getTime() + KEPT_DAYS * DAY_MS) / 1000);

const sha256 = (value: string) => createHash("sha256").update(value).digest("base64url");
export const emailHash = (email: string) => sha256(normalizeEmail(email));

export async function optedOutAt(deps: DataDeps, email: string): Promise<string | null> {
  const { data } = await reviewOptOutEntity(deps.db)
    .get({ email_hash: emailHash(email) })
    .go();
  return data?.opted_out_at ?? null;
}

/** Her objection goes with the rest of her mail preferences when she erases her data. */
export async function forgetOptOut(deps: DataDeps, email: string): Promise<void> {
  await reviewOptOutEntity(deps.db)
    .delete({ email_hash: emailHash(email) })
    .go();
}

/** The opt-out link of one invitation mail. */
export async function newOptOutLink(deps: DataDeps, email: string): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  const now = deps.clock();
  await reviewOptOutLinkEntity(deps.db)
    .create({
      token_hash: sha256(token),
      email_hash: emailHash(email),
      created_at: now.toISOString(),
      expires_at_ttl: keptUntil(now),
    })
    .go();
  return token;
}

/** The opt-out link's click: the address wants no more invitations. A second click changes nothing. */
export async function optOut(deps: DataDeps, token: string): Promise<void> {
  const invalid = () => new DomainError("NOT_FOUND", OPT_OUT_LINK_INVALID);
  if (!REVIEW_OPT_OUT_TOKEN_PATTERN.test(token)) throw invalid();
  const { data: link } = await reviewOptOutLinkEntity(deps.db)
    .get({ token_hash: sha256(token) })
    .go({ consistent: true });
  if (!link) throw invalid();
  try {
    await reviewOptOutEntity(deps.db)
      .create({ email_hash: link.email_hash, opted_out_at: deps.clock().toISOString() })
      .go();
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}
