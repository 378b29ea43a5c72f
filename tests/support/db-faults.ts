/**
 * Faults real DynamoDB returns and DynamoDB Local never does (issue 27, point 9), injected at the SDK's middleware of
 * the DynamoDB client a test's app uses, so the SDK's own retries, ElectroDB and the shop's transaction helper see
 * them exactly as they would see DynamoDB's:
 * - "conflict": TransactWriteItems cancelled with TransactionConflict on one item (another transaction held it);
 * - "throttle": ThrottlingException / ProvisionedThroughputExceededException on any call, or, on a
 *   TransactWriteItems, a cancellation whose reason is ThrottlingError;
 * - "timeout": the call times out before DynamoDB received it (TimeoutError, as the HTTP handler throws it);
 * - "lost-answer": a call DynamoDB applied whose answer never came back (TimeoutError after it): on
 *   TransactWriteItems, or on the calls `commands` names.
 * Placed below the SDK's retry middleware (step "deserialize", priority "low": just above the HTTP handler): the SDK
 * classifies and retries them as it would DynamoDB's. Random but seeded, so a failing run can be replayed.
 */
import type { Db } from "../../functions/platform/db/service";

export type FaultKind = "conflict" | "throttle" | "timeout" | "lost-answer";

export interface FaultOptions {
  /** The faults to choose from, at random. */
  kinds: readonly FaultKind[];
  /** Probability that a call gets a fault: 1 for every call. */
  rate?: number;
  /** The seed of the random choices. */
  seed?: number;
  /** Only calls of these commands ("TransactWriteItemsCommand"…); every call by default. */
  commands?: readonly string[];
  /** The first `skip` calls that could get a fault pass untouched. */
  skip?: number;
  /** At most `limit` faults, then every call passes. */
  limit?: number;
  /** Instead of random faults: the nth call that can get one gets sequence[n] (undefined: it passes). */
  sequence?: readonly (FaultKind | undefined)[];
}

export interface InjectedFaults {
  /** Faults injected so far, by kind. */
  readonly injected: Record<FaultKind, number>;
  /** Total of `injected`. */
  total(): number;
  /** Removes the middleware: the client talks to DynamoDB Local untouched again. */
  remove(): void;
}

const TRANSACT_WRITE = "TransactWriteItemsCommand";
const NAME = "injectedDynamoFaults";

/** mulberry32: a small seeded generator, enough to pick faults reproducibly. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** An error shaped as the SDK deserialises DynamoDB's (name, $fault, $metadata). */
function serviceError(name: string, message: string, extra: Record<string, unknown> = {}) {
  return Object.assign(new Error(message), {
    name,
    $fault: "client",
    $metadata: { httpStatusCode: 400, requestId: `injected-${name}` },
    ...extra,
  });
}

function cancellation(items: number, at: number, code: string) {
  return serviceError(
    "TransactionCanceledException",
    `Transaction cancelled, please refer cancellation reasons for specific reasons [${Array.from(
      { length: items },
      (_, index) => (index === at ? code : "None"),
    ).join(", ")}]`,
    {
      CancellationReasons: Array.from({ length: items }, (_, index) =>
        index === at
          ? {
              Code: code,
              Message:
                code === "TransactionConflict"
                  ? "Transaction is ongoing for the item"
                  : "Throughput exceeds the current capacity for one or more global secondary indexes",
            }
          : { Code: "None" },
      ),
    },
  );
}

function timeoutError() {
  return Object.assign(
    new Error("@smithy/node-http-handler - [ERROR] a request has exceeded the configured requestTimeout."),
    { name: "TimeoutError", code: "ETIMEDOUT" },
  );
}

/** Adds the fault middleware to `db`'s DynamoDB client (ElectroDB's document client shares its middleware stack). */
export function injectDbFaults(db: Db, options: FaultOptions): InjectedFaults {
  const random = seededRandom(options.seed ?? 27);
  const rate = options.rate ?? 1;
  const injected: Record<FaultKind, number> = { conflict: 0, throttle: 0, timeout: 0, "lost-answer": 0 };
  let eligible = 0;
  const total = () => Object.values(injected).reduce((sum, count) => sum + count, 0);

  db.dynamo.middlewareStack.add(
    (next, context) => async (args) => {
      const command = (context as { commandName?: string }).commandName ?? "";
      if (options.commands && !options.commands.includes(command)) return next(args);
      const transactWrite = command === TRANSACT_WRITE;
      const kinds = options.kinds.filter(
        (kind) =>
          transactWrite ||
          (kind !== "conflict" && (kind !== "lost-answer" || options.commands !== undefined)),
      );
      if (!kinds.length) return next(args);
      const index = eligible++;
      if (index < (options.skip ?? 0)) return next(args);
      if (options.limit !== undefined && total() >= options.limit) return next(args);
      let kind: FaultKind;
      if (options.sequence) {
        const planned = options.sequence[index - (options.skip ?? 0)];
        if (!planned || !kinds.includes(planned)) return next(args);
        kind = planned;
      } else {
        if (random() >= rate) return next(args);
        kind = kinds[Math.floor(random() * kinds.length)] as FaultKind;
      }
      injected[kind]++;
      const items = ((args.input as { TransactItems?: unknown[] }).TransactItems ?? []).length;
      const item = Math.floor(random() * Math.max(items, 1));
      switch (kind) {
        case "conflict":
          throw cancellation(items, item, "TransactionConflict");
        case "throttle":
          if (transactWrite && random() < 0.5) throw cancellation(items, item, "ThrottlingError");
          throw random() < 0.5
            ? serviceError(
                "ThrottlingException",
                "Throughput exceeds the current capacity of your table or index.",
                {
                  $retryable: { throttling: true },
                },
              )
            : serviceError(
                "ProvisionedThroughputExceededException",
                "The level of configured provisioned throughput for the table was exceeded.",
              );
        case "timeout":
          throw timeoutError();
        case "lost-answer":
          await next(args);
          throw timeoutError();
      }
    },
    { step: "deserialize", priority: "low", name: NAME },
  );
  return { injected, total, remove: () => db.dynamo.middlewareStack.remove(NAME) };
}
