import { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";

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
 * Lambda's own timeout, with no answer to the shopper. With them, a call gives up after at most
 * `maxAttempts` x `requestTimeoutMs` plus the SDK's short backoff (about 3.1 s), and the error middleware answers the
 * French 503 with Retry-After: within the 5 s the shop promises, far inside the functions' 20 s timeout.
 * - connectionTimeoutMs: a TCP connection (DNS included) not up by then is a dead path; the next attempt opens another.
 * - requestTimeoutMs: one attempt from the request's start to the answer's headers. DynamoDB answers in milliseconds
 *   (a 100-item transaction in tens): a second means something is wrong, not slow.
 * - socketTimeoutMs: an answer whose body stops arriving.
 * - maxAttempts: the SDK's own retries of timeouts, throttling and 5xx (standard mode, its DynamoDB backoff: up to
 *   25 / 50 ms after a timeout, up to 1 / 2 s after a throttle). Pinned so AWS_MAX_ATTEMPTS / AWS_RETRY_MODE in some
 *   environment cannot move the bound; a retried TransactWriteItems carries the same ClientRequestToken, which the
 *   SDK fills in, so a transaction whose answer was lost is not applied twice (decision record 029).
 */
export const DYNAMO_LIMITS = {
  connectionTimeoutMs: 500,
  requestTimeoutMs: 1_000,
  socketTimeoutMs: 1_000,
  maxAttempts: 3,
} as const;

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
  return new DynamoDBClient({
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
}

export function createDocumentClient(client: DynamoDBClient): DynamoDBDocumentClient {
  return DynamoDBDocumentClient.from(client, {
    marshallOptions: { removeUndefinedValues: true, convertEmptyValues: false },
  });
}
