import { DomainError } from "../../../src/domain/errors";

/** Unprocessed again and again: DynamoDB is throttling the table; the request may succeed in a moment (503). */
const BATCH_GET_ATTEMPTS = 5;

/**
 * Every item of `keys` through BatchGetItem (ElectroDB's `entity.get([...]).go()`), asking again for the keys
 * DynamoDB left unprocessed. `read` returns the items found and the keys left over, as the keys it takes.
 */
export async function batchGetAll<Key, Item>(
  read: (keys: Key[]) => Promise<{ data: Item[]; unprocessed: Key[] }>,
  keys: Key[],
): Promise<Item[]> {
  const items: Item[] = [];
  let pending = keys;
  for (let attempt = 1; pending.length; attempt++) {
    if (attempt > BATCH_GET_ATTEMPTS) throw new DomainError("UNAVAILABLE");
    const { data, unprocessed } = await read(pending);
    items.push(...data);
    pending = unprocessed;
  }
  return items;
}
