import {
  CreateTableCommand,
  DescribeTableCommand,
  type DynamoDBClient,
  ResourceInUseException,
  ResourceNotFoundException,
  ScanCommand,
  UpdateTimeToLiveCommand,
  waitUntilTableExists,
} from "@aws-sdk/client-dynamodb";
import { tableAttributes, tableDefinition } from "./table";

/** Creating a table takes DynamoDB Local longer than a data call may. A retried creation finding the table: ours. */
const CONTROL_CALL = { requestTimeout: 30_000 };

export async function ensureTable(
  client: DynamoDBClient,
  tableName: string,
): Promise<"created" | "existing"> {
  try {
    await client.send(new DescribeTableCommand({ TableName: tableName }));
    return "existing";
  } catch (error) {
    if (!(error instanceof ResourceNotFoundException)) throw error;
  }
  await client
    .send(
      new CreateTableCommand({
        TableName: tableName,
        BillingMode: "PAY_PER_REQUEST",
        AttributeDefinitions: tableAttributes.map((name) => ({ AttributeName: name, AttributeType: "S" })),
        KeySchema: [
          { AttributeName: tableDefinition.partitionKey, KeyType: "HASH" },
          { AttributeName: tableDefinition.sortKey, KeyType: "RANGE" },
        ],
        GlobalSecondaryIndexes: Object.entries(tableDefinition.globalIndexes).map(
          ([indexName, [hash, range]]) => ({
            IndexName: indexName,
            KeySchema: [
              { AttributeName: hash, KeyType: "HASH" },
              { AttributeName: range, KeyType: "RANGE" },
            ],
            Projection: { ProjectionType: "ALL" },
          }),
        ),
      }),
      CONTROL_CALL,
    )
    .catch((error: unknown) => {
      if (!(error instanceof ResourceInUseException)) throw error;
    });
  await waitUntilTableExists({ client, maxWaitTime: 30 }, { TableName: tableName });
  await client.send(
    new UpdateTimeToLiveCommand({
      TableName: tableName,
      TimeToLiveSpecification: { AttributeName: tableDefinition.ttlAttribute, Enabled: true },
    }),
    CONTROL_CALL,
  );
  return "created";
}

export async function isTableEmpty(client: DynamoDBClient, tableName: string): Promise<boolean> {
  const result = await client.send(new ScanCommand({ TableName: tableName, Limit: 1, Select: "COUNT" }));
  return (result.Count ?? 0) === 0 && !result.LastEvaluatedKey;
}
