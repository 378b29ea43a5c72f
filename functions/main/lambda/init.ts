import { GetItemCommand } from "@aws-sdk/client-dynamodb";
import type { Db } from "../../platform/db/service";
import { tableDefinition } from "../../platform/db/table";
import { depsFromEnv } from "../deps-from-env";

export type InitConnection = "opened" | "skipped" | "failed";

/**
 * During the Lambda's init, so the TLS handshake, credentials and the SDK's lazy parts are paid there rather than by
 * the first visitor. Only in Lambda; a failure is logged, never thrown: the first request will connect.
 */
export async function openFirstConnection(
  env: NodeJS.ProcessEnv = process.env,
  db: () => Pick<Db, "dynamo" | "tableName"> = () => depsFromEnv(env).db,
): Promise<InitConnection> {
  if (!env.AWS_LAMBDA_FUNCTION_NAME) return "skipped";
  try {
    const { dynamo, tableName } = db();
    await dynamo.send(
      new GetItemCommand({
        TableName: tableName,
        Key: {
          [tableDefinition.partitionKey]: { S: "$init" },
          [tableDefinition.sortKey]: { S: "$init" },
        },
        ProjectionExpression: tableDefinition.partitionKey,
      }),
    );
    return "opened";
  } catch (error) {
    console.error("DynamoDB connection not opened during init; the first request will open it.", error);
    return "failed";
  }
}
