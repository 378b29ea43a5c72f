import { BatchGetCommand } from "@aws-sdk/lib-dynamodb";
import type { Entity, EntityItem, Schema } from "electrodb";
import { batchGetAll } from "./batch-get";
import type { createDb } from "./service";
import { tableDefinition } from "./table";

type Db = Pick<ReturnType<typeof createDb>, "documents" | "tableName">;

/** BatchGetItem takes at most 100 keys per request. */
const KEYS_PER_REQUEST = 100;

/** One item asked for in a round: its value once the round has run (null: no such item). */
export interface RoundRead<Item> {
  readonly value: Item | null;
}

/** What the round needs of an ElectroDB entity: the key it would ask for, and how it reads an item back. */
interface KeyedEntity {
  get(key: never): { params(): unknown };
  parse(response: { Item: Record<string, unknown> }): { data: unknown } | null;
}

interface Pending {
  entity: KeyedEntity;
  key: Record<string, unknown>;
  value: unknown;
}

const keyOf = (item: Record<string, unknown>) =>
  `${String(item[tableDefinition.partitionKey])}\u0000${String(item[tableDefinition.sortKey] ?? "")}`;

/**
 * Items of different entities read in ONE BatchGetItem (several only past 100 keys; again for unprocessed keys),
 * each read back through its entity's `parse`. Eventually consistent, like `get`. Order placement reads all it
 * needs in one round trip this way.
 */
export function readRound(db: Db) {
  const pending: Pending[] = [];
  return {
    get<A extends string, F extends string, C extends string, S extends Schema<A, F, C, P>, P extends string>(
      entity: Entity<A, F, C, S, P>,
      key: Parameters<Entity<A, F, C, S, P>["get"]>[0] extends (infer K)[] ? K : never,
    ): RoundRead<EntityItem<Entity<A, F, C, S, P>>> {
      const keyed = entity as unknown as KeyedEntity;
      const { Key } = keyed.get(key as never).params() as { Key: Record<string, unknown> };
      const read: Pending = { entity: keyed, key: Key, value: null };
      pending.push(read);
      return {
        get value() {
          return read.value as EntityItem<Entity<A, F, C, S, P>> | null;
        },
      };
    },

    /** Asks for every item named so far; afterwards each read's `value` is its item or null. */
    async run(): Promise<void> {
      const byKey = new Map<string, Pending[]>();
      const keys: Record<string, unknown>[] = [];
      for (const read of pending) {
        const id = keyOf(read.key);
        const same = byKey.get(id);
        if (same) same.push(read);
        else {
          byKey.set(id, [read]);
          keys.push(read.key);
        }
      }
      const chunks: Record<string, unknown>[][] = [];
      for (let i = 0; i < keys.length; i += KEYS_PER_REQUEST)
        chunks.push(keys.slice(i, i + KEYS_PER_REQUEST));
      const answers = await Promise.all(
        chunks.map((chunk) =>
          batchGetAll(async (asked: Record<string, unknown>[]) => {
            const output = await db.documents.send(
              new BatchGetCommand({ RequestItems: { [db.tableName]: { Keys: asked } } }),
            );
            return {
              data: (output.Responses?.[db.tableName] ?? []) as Record<string, unknown>[],
              unprocessed: (output.UnprocessedKeys?.[db.tableName]?.Keys ?? []) as Record<string, unknown>[],
            };
          }, chunk),
        ),
      );
      for (const item of answers.flat()) {
        for (const read of byKey.get(keyOf(item)) ?? [])
          read.value = read.entity.parse({ Item: item })?.data ?? null;
      }
    },
  };
}

export type ReadRound = ReturnType<typeof readRound>;
