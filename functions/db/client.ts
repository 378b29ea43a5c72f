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
 * Connections are kept open between requests (HTTP keep-alive): a new TLS connection to DynamoDB costs a few round
 * trips, more than the request itself. The SDK keeps them alive by default today; stated here so it stays so.
 */
export const keepAliveRequestHandler = {
  httpsAgent: { keepAlive: true },
  httpAgent: { keepAlive: true },
};

/** One client per process (a Lambda container): functions/api/deps.ts builds the dependencies once. */
export function createDynamoClient(config: DbConfig): DynamoDBClient {
  return new DynamoDBClient({
    region: config.region ?? "eu-west-3",
    requestHandler: keepAliveRequestHandler,
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
