import { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";
// Types only (the SDK's own middleware types, which @aws-sdk/client-dynamodb's declarations use): nothing bundled.
import type { InitializeMiddleware, MetadataBearer } from "@smithy/types";

export interface DbConfig {
  tableName: string;
  /** Set for DynamoDB Local (http://127.0.0.1:8765); unset in AWS. */
  endpoint?: string;
  region?: string;
}

/** Reads the table name and endpoint from the environment (TABLE_NAME, DYNAMODB_ENDPOINT, AWS_REGION). */
export function dbConfigFromEnv(env: NodeJS.ProcessEnv = process.env): DbConfig {
  const tableName = env.TABLE_NAME;
  if (!tableName)
    throw new Error("TABLE_NAME is not set: the API does not know which DynamoDB table to use.");
  return { tableName, endpoint: env.DYNAMODB_ENDPOINT || undefined, region: env.AWS_REGION };
}

/**
 * How long a DynamoDB call may take, and how often it is tried (docs/decisions/029). Without them a database that
 * accepts connections but does not answer (a frozen DynamoDB Local, a network path gone dead) held the request until
 * Lambda's own timeout, with no answer to the shopper. With them, a data call gives up after `callDeadlineMs` at
 * most, and the error middleware answers the French 503 with Retry-After: within the 5 s the shop promises, far
 * inside the functions' 20 s timeout.
 * - connectionTimeoutMs: a TCP connection (DNS included) not up by then is a dead path; the next try opens another.
 * - requestTimeoutMs: one try, from the request's start to the answer's headers. DynamoDB answers in milliseconds
 *   (a 100-item transaction in tens); DynamoDB Local on a busy 2-core machine takes longer, never seconds while it
 *   is alive.
 * - socketTimeoutMs: an answer whose body stops arriving.
 * - maxAttempts: the SDK's own retries of timeouts, throttling and 5xx (standard mode, its DynamoDB backoff: up to
 *   25 / 50 ms after a timeout, up to 1 / 2 s after a throttle). Pinned, with the mode, so AWS_MAX_ATTEMPTS /
 *   AWS_RETRY_MODE in some environment cannot move the bound.
 * - callDeadlineMs: the whole call, tries and backoff included: two tries that time out, or throttling that lasts,
 *   end there.
 * A retried TransactWriteItems carries the same ClientRequestToken, which the SDK fills in, so a transaction whose
 * answer was lost is not applied twice (decision record 029).
 */
export const DYNAMO_LIMITS = {
  connectionTimeoutMs: 1_000,
  requestTimeoutMs: 1_500,
  socketTimeoutMs: 1_500,
  maxAttempts: 3,
  callDeadlineMs: 3_500,
} as const;

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
 * Ends a data call at `DYNAMO_LIMITS.callDeadlineMs`, whatever its tries are doing. The try still in flight may yet
 * reach DynamoDB: as with any timeout, the write is then done with no one told, which the conditions and the
 * transaction's token make harmless (decision record 029).
 */
const deadlineMiddleware: InitializeMiddleware<object, MetadataBearer> = (next, context) => (args) => {
  const call = next(args);
  if (!DATA_COMMANDS.has(context.commandName ?? "")) return call;
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(deadlineError(DYNAMO_LIMITS.callDeadlineMs)),
      DYNAMO_LIMITS.callDeadlineMs,
    );
  });
  // The call's own failure after the deadline is nobody's to handle any more.
  call.catch(() => undefined);
  return Promise.race([call, deadline]).finally(() => clearTimeout(timer));
};

/**
 * Connections are kept open between requests (HTTP keep-alive): a new TLS connection to DynamoDB costs a few round
 * trips, more than the request itself. The SDK keeps them alive by default today; stated here so it stays so.
 */
export const keepAliveRequestHandler = {
  httpsAgent: { keepAlive: true },
  httpAgent: { keepAlive: true },
};

/**
 * One client per process (a Lambda container): functions/api/deps.ts builds the dependencies once. Every client of
 * the shop is built here (the API functions, the jobs, npm start, the scripts), so all get the same limits.
 */
export function createDynamoClient(config: DbConfig): DynamoDBClient {
  const client = new DynamoDBClient({
    region: config.region ?? "eu-west-3",
    requestHandler: {
      ...keepAliveRequestHandler,
      connectionTimeout: DYNAMO_LIMITS.connectionTimeoutMs,
      requestTimeout: DYNAMO_LIMITS.requestTimeoutMs,
      // Without it the SDK only logs a warning when requestTimeout passes, and keeps waiting.
      throwOnRequestTimeout: true,
      socketTimeout: DYNAMO_LIMITS.socketTimeoutMs,
    },
    maxAttempts: DYNAMO_LIMITS.maxAttempts,
    retryMode: "standard",
    ...(config.endpoint
      ? { endpoint: config.endpoint, credentials: { accessKeyId: "local", secretAccessKey: "local" } }
      : {}),
  });
  client.middlewareStack.add(deadlineMiddleware, {
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
