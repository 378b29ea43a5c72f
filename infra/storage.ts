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

/**
 * What a function may do with the table's items, never with the table itself. Not `link`: SST's link grants
 * `dynamodb:*` on the table and its indexes (DeleteTable, UpdateTable, UpdateContinuousBackups included).
 * - "read": GetItem (ElectroDB's get, and each get of a transaction: AWS governs TransactGetItems by GetItem),
 *   BatchGetItem, Query on the table and its indexes. No Scan: only the local bootstrap scans.
 * - "read-and-update": "read" and UpdateItem: the abuse limits' atomic counters (functions/platform/throttle.ts), a
 *   session's sliding expiry (functions/accounts/auth.ts).
 * - "write": "read" and PutItem, UpdateItem, DeleteItem, BatchWriteItem, and ConditionCheckItem for the transactions'
 *   checks (AWS governs TransactWriteItems by the actions it contains: "Using IAM with DynamoDB transactions").
 */
export type TableAccess = "none" | "read" | "read-and-update" | "write";

const indexArns = Object.keys(tableDefinition.globalIndexes).map((index) =>
  table.arn.apply((arn) => `${arn}/index/${index}`),
);
const tableReads: sst.aws.FunctionPermissionArgs[] = [
  { actions: ["dynamodb:GetItem", "dynamodb:BatchGetItem", "dynamodb:Query"], resources: [table.arn] },
  { actions: ["dynamodb:Query"], resources: indexArns },
];
const itemWrites = [
  "dynamodb:PutItem",
  "dynamodb:UpdateItem",
  "dynamodb:DeleteItem",
  "dynamodb:BatchWriteItem",
  "dynamodb:ConditionCheckItem",
];

export function tablePermissions(access: TableAccess): sst.aws.FunctionPermissionArgs[] {
  if (access === "none") return [];
  if (access === "read") return tableReads;
  const writes = access === "write" ? itemWrites : ["dynamodb:UpdateItem"];
  return [...tableReads, { actions: writes, resources: [table.arn] }];
}
