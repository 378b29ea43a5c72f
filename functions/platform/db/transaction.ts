/**
 * The one helper that runs the shop's multi-item writes (order-lifecycle.md "Transactions"): every item says what its
 * failed condition means, a collision with another transaction or a throttled item is retried a bounded number of
 * times and then answered 503, and a failed condition never is retried as it is (docs/decisions/009 and 029).
 */
import { DomainError } from "../../../src/domain/errors";
import type { Db } from "./service";

export type TransactionEntities = Parameters<Parameters<Db["service"]["transaction"]["write"]>[0]>[0];
export type Commit = ReturnType<ReturnType<TransactionEntities["product"]["create"]>["commit"]>;

/**
 * What a failed condition on an item means:
 * - a DomainError: the answer to give (the last units sold, the promo used up, today's use already made);
 * - "stale": something the writer read has changed since (an order's version, a document counter, an item that was
 *   there when read): the writer reads again and decides again;
 * - "replay": the request was already made (an Idempotency-Key): the writer answers with the first result.
 */
export type FailureMeaning = DomainError | "stale" | "replay";

export interface TransactionItem {
  commit: Commit;
  /** What a failed condition on this item means (items written without a condition never fail one). */
  onFailed?: FailureMeaning;
}

export interface CancellationReason {
  rejected: boolean;
  code: string;
}

export type Cancellation = { retry: true } | { retry: false; meaning: FailureMeaning };

const UNEXPLAINED = () => new DomainError("CONFLICT");

/**
 * Cancellation codes that say nothing about the data, only about the moment: another transaction on the same item
 * (TransactionConflict), or DynamoDB refusing an item's write for throughput (ThrottlingError,
 * ProvisionedThroughputExceeded; TransactWriteItems in the DynamoDB API Reference). The SDK never retries a
 * TransactionCanceledException itself (a 400): this helper does, as it is, and nothing was written.
 */
const TRANSIENT_CANCELLATIONS = new Set([
  "TransactionConflict",
  "ThrottlingError",
  "ProvisionedThroughputExceeded",
]);

/**
 * Reads DynamoDB's cancellation reasons (one per item, in order). A replay wins over any other failure (the first
 * request did it all); otherwise the first failed condition gives the meaning; with no failed condition, the
 * transaction collided with another one on some item, or was throttled, and is tried again as it is.
 */
export function explainCancellation(
  reasons: readonly CancellationReason[],
  items: readonly Pick<TransactionItem, "onFailed">[],
): Cancellation {
  const failed = reasons.flatMap((reason, index) =>
    reason.rejected && reason.code === "ConditionalCheckFailed"
      ? [items[index]?.onFailed ?? UNEXPLAINED()]
      : [],
  );
  if (failed.includes("replay")) return { retry: false, meaning: "replay" };
  const first = failed[0];
  if (first) return { retry: false, meaning: first };
  const other = reasons.find(
    (reason) => reason.rejected && !TRANSIENT_CANCELLATIONS.has(reason.code) && reason.code !== "None",
  );
  if (other) throw new Error(`DynamoDB refused the transaction: ${other.code}`);
  return { retry: true };
}

export interface WriteOptions {
  /** How many collisions or throttled tries to sit out before answering 503 (default 12, with jittered backoff). */
  attempts?: number;
}

/**
 * The answer when the collisions or the throttling last: the write may well succeed a moment later, so a 503 with
 * Retry-After (the error middleware adds it to every UNAVAILABLE), not a 409 that says the request itself clashes
 * with the shop's state. Nothing was written.
 */
export const BUSY_MESSAGE = "La boutique est très sollicitée : veuillez réessayer dans un instant.";

/**
 * No new try once this long has passed since the first: each try may itself wait on the SDK's retries (up to the
 * client's deadline, functions/platform/db/client.ts), so the count alone would not bound the answer's time. With it a busy
 * transaction answers within about 3 s plus one call.
 */
export const COLLISION_BUDGET_MS = 3_000;

/** The pause before the next try after `attempt` collisions: jittered, growing, at most 250 ms. */
export function collisionBackoffMs(attempt: number): number {
  return Math.random() * Math.min(25 * attempt, 250);
}

export type WriteOutcome = "written" | "stale" | "replay";

/**
 * Writes `items` in one DynamoDB transaction. Returns "written", or "stale" / "replay" for the writer to handle;
 * throws the DomainError an item's failed condition stands for; after `attempts` collisions or throttled tries in a
 * row, or COLLISION_BUDGET_MS, answers 503 'La boutique est très sollicitée' (1.7 s of backoff at most, plus the
 * tries).
 *
 * A try whose answer is lost (a timeout) is retried by the SDK with the same ClientRequestToken, so DynamoDB does
 * not apply it twice (functions/platform/db/client.ts); each new try here is a new request, made only after DynamoDB said
 * this one was cancelled, so nothing of it was written.
 */
export async function writeTransaction(
  db: Db,
  build: (entities: TransactionEntities) => TransactionItem[],
  options: WriteOptions = {},
): Promise<WriteOutcome> {
  const attempts = options.attempts ?? 12;
  const started = performance.now();
  for (let attempt = 1; ; attempt++) {
    let items: TransactionItem[] = [];
    const { canceled, data } = await db.service.transaction
      .write((entities) => {
        items = build(entities);
        return items.map((item) => item.commit);
      })
      .go();
    if (!canceled) return "written";
    const outcome = explainCancellation(data, items);
    if (!outcome.retry) {
      if (outcome.meaning instanceof DomainError) throw outcome.meaning;
      return outcome.meaning;
    }
    if (attempt >= attempts || performance.now() - started >= COLLISION_BUDGET_MS)
      throw new DomainError("UNAVAILABLE", BUSY_MESSAGE);
    await new Promise((resolve) => setTimeout(resolve, collisionBackoffMs(attempt)));
  }
}
