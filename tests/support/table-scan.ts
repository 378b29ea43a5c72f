import { type AttributeValue, type DynamoDBClient, ScanCommand } from "@aws-sdk/client-dynamodb";

/**
 * Every item of a test's table whose keys or attributes hold `text` (case-insensitive): what an erasure must leave
 * nowhere, whatever entity holds it. A whole-table scan, fine for a test file's own table.
 */
export async function itemsHolding(
  dynamo: DynamoDBClient,
  tableName: string,
  text: string,
): Promise<Record<string, AttributeValue>[]> {
  const found: Record<string, AttributeValue>[] = [];
  let start: Record<string, AttributeValue> | undefined;
  do {
    const page = await dynamo.send(new ScanCommand({ TableName: tableName, ExclusiveStartKey: start }));
    for (const item of page.Items ?? []) {
      if (JSON.stringify(item).toLowerCase().includes(text.toLowerCase())) found.push(item);
    }
    start = page.LastEvaluatedKey;
  } while (start);
  return found;
}
