/** The single DynamoDB table, read by infra/storage.ts and bootstrap.ts; no imports so infra can read it. */
export const tableDefinition = {
  partitionKey: "pk",
  sortKey: "sk",
  /** Global secondary indexes: name -> [partition key, sort key]; all string attributes, all projected. */
  globalIndexes: {
    gsi1: ["gsi1pk", "gsi1sk"],
    gsi2: ["gsi2pk", "gsi2sk"],
  },
  /** Epoch seconds; DynamoDB deletes expired items (sessions, reset tokens, throttling windows). */
  ttlAttribute: "expires_at_ttl",
} as const;

export type GlobalIndexName = keyof typeof tableDefinition.globalIndexes;

export const tableAttributes: readonly string[] = [
  tableDefinition.partitionKey,
  tableDefinition.sortKey,
  ...Object.values(tableDefinition.globalIndexes).flat(),
];
