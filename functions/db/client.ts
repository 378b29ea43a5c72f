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

export function createDynamoClient(config: DbConfig): DynamoDBClient {
  return new DynamoDBClient({
    region: config.region ?? "eu-west-3",
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
