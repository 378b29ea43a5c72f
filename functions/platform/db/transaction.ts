/**
 * The shop's multi-item writes: collisions and throttling are retried a bounded number of times then answered 503; a
 * failed condition never is retried as it is (docs/decisions/009-transactions-stock-refunds.md,
 * 029-database-faults.md).
 */
import { createGetTransaction, createWriteTransaction, type PutRecordGoTransaction } from "electrodb";
import { DomainError } from "../../../src/domain/errors";
import type { Db } from "./service";

/** One item of a DynamoDB transaction: what an entity's `.commit()` gives, of any entity. */
export type Commit = ReturnType<PutRecordGoTransaction<unknown>>;

interface Committed {
  entity: { model: { entity: string } };
}

/**
 * The entities the items came from, each once: ElectroDB sends the transaction through one of them and reads a
 * failed item back through its own. Each commit names its entity under ElectroDB's (unexported) symbol.
 */
export function entitiesOf(commits: readonly object[]): Record<string, unknown> {
  const entities: Record<string, unknown> = {};
  for (const commit of commits) {
    const symbol = Object.getOwnPropertySymbols(commit).find(
      (key) => key.description === "transaction_commit",
    );
    const committed = symbol && (commit as Record<symbol, () => Committed>)[symbol]?.();
    if (!committed) throw new Error("A transaction item must come from an entity's commit()");
    entities[committed.entity.model.entity] = committed.entity;
  }
  return entities;
}

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
  onFailed?: FailureMeaning;
}

export interface CancellationReason {
  rejected: boolean;
  code: string;
}

export type Cancellation = { retry: true } | { retry: false; meaning: FailureMeaning };

const UNEXPLAINED = () => new DomainError("CONFLICT");

/**
 * Cancellation codes that say nothing about the data, only the moment (TransactWriteItems in the DynamoDB API
 * Reference). The SDK never retries a TransactionCanceledException (a 400): this helper does.
 */
const TRANSIENT_CANCELLATIONS = new Set([
  "TransactionConflict",
  "ThrottlingError",
  "ProvisionedThroughputExceeded",
]);

/** A replay wins over any other failure; else the first failed condition; with none, a collision, tried again. */
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
  attempts?: number;
}

/** A collision may succeed a moment later: 503 with Retry-After, not a 409. Nothing was written. */
export const BUSY_MESSAGE = "La boutique est très sollicitée : veuillez réessayer dans un instant.";

/** Each try may itself wait on the SDK's retries, so the count alone would not bound the answer's time. */
export const COLLISION_BUDGET_MS = 3_000;

export function collisionBackoffMs(attempt: number): number {
  return Math.random() * Math.min(25 * attempt, 250);
}

export type WriteOutcome = "written" | "stale" | "replay";

/**
 * Writes `items` in one DynamoDB transaction: "written", "stale" or "replay", or throws the DomainError of a failed
 * condition, or 503 once collisions last. The SDK retries a lost answer with the same ClientRequestToken, so
 * DynamoDB does not apply it twice; each new try here follows a cancellation, so nothing of it was written.
 */
export async function writeTransaction(
  _db: Db,
  build: () => TransactionItem[],
  options: WriteOptions = {},
): Promise<WriteOutcome> {
  const attempts = options.attempts ?? 12;
  const started = performance.now();
  for (let attempt = 1; ; attempt++) {
    const items = build();
    // Nothing to write: ElectroDB would answer without a request.
    if (!items.length) return "written";
    const commits = items.map((item) => item.commit);
    const { canceled, data } = await createWriteTransaction(
      entitiesOf(commits) as never,
      () => commits as never,
    ).go();
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

/** Reads the items in one TransactGetItems: each answer is an item of its entity, or null when absent. */
export async function getTransaction(_db: Db, commits: readonly object[]) {
  const { canceled, data } = await createGetTransaction(
    entitiesOf(commits) as never,
    () => commits as never,
  ).go();
  return { canceled, data: data as { item: Record<string, unknown> | null }[] };
}
