import { tableAttributes, tableDefinition } from "../functions/platform/db/table";
import { isProduction } from "./stage";

/**
 * The shop's single DynamoDB table, declared from `functions/platform/db/table.ts` (the same definition DynamoDB Local gets),
 * so keys and indexes cannot drift between AWS and the local stack. On-demand billing (SST's default).
 * Production also refuses deletion and keeps 35 days of point-in-time recovery; other stages hold throwaway data.
 */
export const table = new sst.aws.Dynamo("Table", {
  // Only the key attributes are declared: DynamoDB rejects attribute definitions that no index uses.
  fields: Object.fromEntries(tableAttributes.map((attribute) => [attribute, "string" as const])),
  primaryIndex: { hashKey: tableDefinition.partitionKey, rangeKey: tableDefinition.sortKey },
  globalIndexes: Object.fromEntries(
    Object.entries(tableDefinition.globalIndexes).map(([index, [hashKey, rangeKey]]) => [
      index,
      { hashKey, rangeKey, projection: "all" as const },
    ]),
  ),
  ttl: tableDefinition.ttlAttribute,
  deletionProtection: isProduction,
  transform: {
    table: { pointInTimeRecovery: { enabled: isProduction } },
  },
});
