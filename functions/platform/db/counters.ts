import { counterEntity } from "./entities/counter";
import type { Db } from "./service";

/** Atomically increments the named counter and returns its new value (1 for a new counter). */
export async function nextCounterValue(db: Db, name: string): Promise<number> {
  const result = await counterEntity(db).update({ name }).add({ value: 1 }).go({ response: "all_new" });
  const value = result.data.value;
  if (value === undefined) throw new Error(`Counter ${name} did not return its value`);
  return value;
}
