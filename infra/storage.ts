import { tableAttributes, tableDefinition } from "../functions/platform/db/table";
import { isProduction } from "./stage";

/**
 * The shop's single table, from the same definition DynamoDB Local gets (functions/platform/db/table.ts), so keys and
 * indexes cannot drift. Production refuses deletion and keeps 35 days of point-in-time recovery.
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
 * Rights on the table's items, never on the table: SST's link would grant `dynamodb:*` (DeleteTable included).
 * No Scan: only the local bootstrap scans. AWS governs a transaction by the actions it contains, hence GetItem and
 * ConditionCheckItem ("Using IAM with DynamoDB transactions"). "read-and-update" serves the abuse limits' counters
 * and the sessions' sliding expiry.
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
