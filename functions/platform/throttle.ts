import { DomainError } from "../../src/domain/errors";
import {
  bucketLength,
  bucketOf,
  bucketStart,
  bucketsAround,
  type Judgement,
  judgeAttempt,
  type RateLimitRule,
} from "../../src/domain/rate-limit";
import { rateWindowEntity } from "./db/entities/rate-window";
import type { DataDeps } from "./deps";

/** Abuse limits: count first (one atomic ADD), then judge on a sliding window (docs/decisions/011-abuse-limits.md). */
export interface Limit {
  /** What is counted ("signin-email", "promo-checks-address"...). */
  scope: string;
  /** For whom: an e-mail, a client address key, a user id. */
  subject: string;
  rule: RateLimitRule;
}

export interface Attempt {
  allowed: boolean;
  exceeded: readonly Limit[];
  retryAfterSeconds: number;
  /** Takes back an attempt not meant to count (a successful sign-in); best effort, which errs on the safe side. */
  giveBack(): Promise<void>;
}

interface Counted {
  limit: Limit;
  key: { scope: string; subject: string; bucket_start: string };
  judgement: Judgement;
}

const iso = (ms: number) => new Date(ms).toISOString();

async function countOne(deps: DataDeps, limit: Limit, nowMs: number): Promise<Counted> {
  const { rule } = limit;
  const bucket = bucketOf(rule, nowMs);
  const key = { scope: limit.scope, subject: limit.subject, bucket_start: iso(bucketStart(rule, bucket)) };
  const expires = bucketStart(rule, bucket) + 2 * rule.windowMinutes * 60_000 + bucketLength(rule);
  const entity = rateWindowEntity(deps.db);
  // 1. Count: the ADD answers this bucket's new count, the attempt's rank among the attempts of its bucket.
  const { data: counted } = await entity
    .update(key)
    .add({ count: 1 })
    .set({ expires_at_ttl: Math.ceil(expires / 1000) })
    .go({ response: "all_new" });
  // 2. Then read the buckets around it, after the ADD and strongly consistent, so it sees every earlier ADD.
  const { first, last } = bucketsAround(bucket);
  const { data: around } = await entity.query
    .bySubject({ scope: limit.scope, subject: limit.subject })
    .between({ bucket_start: iso(bucketStart(rule, first)) }, { bucket_start: iso(bucketStart(rule, last)) })
    .go({ consistent: true, pages: "all" });
  const others = around.map((item) => ({
    bucket: bucketOf(rule, Date.parse(item.bucket_start)),
    count: item.count,
  }));
  return { limit, key, judgement: judgeAttempt(rule, nowMs, bucket, counted.count ?? 1, others) };
}

async function giveBackOne(deps: DataDeps, key: Counted["key"]): Promise<void> {
  try {
    // patch: only an existing bucket (never a new one at -1).
    await rateWindowEntity(deps.db).patch(key).subtract({ count: 1 }).go({ response: "none" });
  } catch (error) {
    console.error("Abuse limit: an attempt could not be given back (it stays counted)", error);
  }
}

/** A refused attempt is given back at once: hammering a locked e-mail does not lengthen its lock. */
export async function countAttempt(deps: DataDeps, limits: readonly Limit[]): Promise<Attempt> {
  const nowMs = deps.clock().getTime();
  const counted = await Promise.all(limits.map((limit) => countOne(deps, limit, nowMs)));
  let given = false;
  const giveBack = async () => {
    if (given) return;
    given = true;
    await Promise.all(counted.map((c) => giveBackOne(deps, c.key)));
  };
  const refused = counted.filter((c) => !c.judgement.allowed);
  if (refused.length === 0) return { allowed: true, exceeded: [], retryAfterSeconds: 0, giveBack };
  await giveBack();
  return {
    allowed: false,
    exceeded: refused.map((c) => c.limit),
    retryAfterSeconds: Math.max(...refused.map((c) => c.judgement.retryAfterSeconds)),
    giveBack,
  };
}

export async function admitAttempt(deps: DataDeps, limits: readonly Limit[]): Promise<Attempt> {
  const attempt = await countAttempt(deps, limits);
  if (attempt.allowed) return attempt;
  const message = attempt.exceeded.find((limit) => limit.rule.message)?.rule.message;
  throw new DomainError("RATE_LIMITED", message, { retry_after: attempt.retryAfterSeconds });
}
