import { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";
import type { InitializeMiddleware, MetadataBearer } from "@smithy/types";

export interface DbConfig {
  tableName: string;
  /** Set for DynamoDB Local (http://127.0.0.1:8765); unset in AWS. */
  endpoint?: string;
  region?: string;
  /**
   * How long calls may take; by default those of the database's kind (`limitsFor`). Tests and npm start's own calls.
   */
  limits?: DynamoLimits;
}

/** Reads the table name and endpoint from the environment (TABLE_NAME, DYNAMODB_ENDPOINT, AWS_REGION). */
export function dbConfigFromEnv(env: NodeJS.ProcessEnv = process.env): DbConfig {
  const tableName = env.TABLE_NAME;
  if (!tableName)
    throw new Error("TABLE_NAME is not set: the API does not know which DynamoDB table to use.");
  return { tableName, endpoint: env.DYNAMODB_ENDPOINT || undefined, region: env.AWS_REGION };
}

export interface DynamoLimits {
  /** A TCP connection (DNS included) not up by then is a dead path; the next try opens another. */
  connectionTimeoutMs: number;
  /** One try, from the request's start to the answer's headers (the SDK throws only with throwOnRequestTimeout). */
  requestTimeoutMs: number;
  /** An answer whose body stops arriving. */
  socketTimeoutMs: number;
  /**
   * The SDK's own tries of a call: it retries timeouts, throttling and 5xx (standard mode, its DynamoDB backoff: up
   * to 25 / 50 ms after a timeout, up to 1 / 2 s after a throttle). Pinned, with the mode, so AWS_MAX_ATTEMPTS /
   * AWS_RETRY_MODE in some environment cannot move the bound.
   */
  maxAttempts: number;
  /** The whole data call, tries and backoff included: past it, TimeoutError, which the API answers 503. */
  callDeadlineMs: number;
}

/**
 * How long a DynamoDB call may take, and how often it is tried (docs/decisions/029-database-faults.md): without limits
 * a database that accepts connections and never answers holds the request until Lambda's timeout. DynamoDB answers in
 * milliseconds, so a 1.5 s try is stuck and the next, on a new connection, usually answers; a frozen table ends at 3.5
 * s (503).
 */
export const DYNAMO_LIMITS: DynamoLimits = {
  connectionTimeoutMs: 1_000,
  requestTimeoutMs: 1_500,
  socketTimeoutMs: 1_500,
  maxAttempts: 3,
  callDeadlineMs: 3_500,
};

/**
 * DynamoDB Local runs in a JVM, one transaction at a time: a slow try there is a queue, not a dead connection, and a
 * retry only lengthens it. One try may take the whole deadline; the bound stays 5 s.
 */
export const LOCAL_DYNAMO_LIMITS: DynamoLimits = {
  connectionTimeoutMs: 1_000,
  requestTimeoutMs: 3_800,
  socketTimeoutMs: 3_800,
  maxAttempts: 3,
  callDeadlineMs: 3_800,
};

/**
 * npm start's own calls (table, seed, first publish): a loaded machine's DynamoDB Local can take longer than a
 * request's deadline to first answer, so the start waits up to 2 minutes a call.
 */
export const START_DYNAMO_LIMITS: DynamoLimits = {
  connectionTimeoutMs: 5_000,
  requestTimeoutMs: 120_000,
  socketTimeoutMs: 120_000,
  maxAttempts: 3,
  callDeadlineMs: 120_000,
};

/** The limits of a database: DynamoDB Local when an endpoint is set (npm start, scripts against it), else AWS. */
export function limitsFor(config: DbConfig): DynamoLimits {
  return config.limits ?? (config.endpoint ? LOCAL_DYNAMO_LIMITS : DYNAMO_LIMITS);
}

/** The calls that serve requests, held to the deadline; creating a table (npm start, tests) is not one of them. */
const DATA_COMMANDS = new Set(
  [
    "GetItem",
    "PutItem",
    "UpdateItem",
    "DeleteItem",
    "Query",
    "Scan",
    "BatchGetItem",
    "BatchWriteItem",
    "TransactGetItems",
    "TransactWriteItems",
  ].map((name) => `${name}Command`),
);

/** The error of a call past its deadline: a TimeoutError, as the SDK's own, which the error middleware answers 503. */
function deadlineError(ms: number): Error {
  return Object.assign(new Error(`DynamoDB did not answer within ${ms} ms (tries included).`), {
    name: "TimeoutError",
    code: "ETIMEDOUT",
  });
}

/**
 * Ends a data call at `deadlineMs`. The try in flight may still reach DynamoDB; the conditions and the transaction's
 * token make such an untold write harmless.
 */
function deadlineMiddleware(deadlineMs: number): InitializeMiddleware<object, MetadataBearer> {
  return (next, context) => (args) => {
    const call = next(args);
    if (!DATA_COMMANDS.has(context.commandName ?? "")) return call;
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(deadlineError(deadlineMs)), deadlineMs);
    });
    // The call's own failure after the deadline is nobody's to handle any more.
    call.catch(() => undefined);
    return Promise.race([call, deadline]).finally(() => clearTimeout(timer));
  };
}

/** Keep-alive is the SDK's default; stated so it stays so (a new TLS connection costs more than the request). */
export const keepAliveRequestHandler = {
  httpsAgent: { keepAlive: true },
  httpAgent: { keepAlive: true },
};

/** Every client of the shop is built here, so each gets the limits of the database it talks to. */
export function createDynamoClient(config: DbConfig): DynamoDBClient {
  const limits = limitsFor(config);
  const client = new DynamoDBClient({
    region: config.region ?? "eu-west-3",
    requestHandler: {
      ...keepAliveRequestHandler,
      connectionTimeout: limits.connectionTimeoutMs,
      requestTimeout: limits.requestTimeoutMs,
      // Without it the SDK only logs a warning when requestTimeout passes, and keeps waiting.
      throwOnRequestTimeout: true,
      socketTimeout: limits.socketTimeoutMs,
    },
    maxAttempts: limits.maxAttempts,
    retryMode: "standard",
    ...(config.endpoint
      ? { endpoint: config.endpoint, credentials: { accessKeyId: "local", secretAccessKey: "local" } }
      : {}),
  });
  client.middlewareStack.add(deadlineMiddleware(limits.callDeadlineMs), {
    step: "initialize",
    priority: "high",
    name: "callDeadline",
  });
  return client;
}

export function createDocumentClient(client: DynamoDBClient): DynamoDBDocumentClient {
  return DynamoDBDocumentClient.from(client, {
    marshallOptions: { removeUndefinedValues: true, convertEmptyValues: false },
  });
}
