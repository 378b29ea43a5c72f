import { describe, expect, it } from "vitest";
import { batchGetAll } from "./batch-get";

describe("batchGetAll", () => {
  it("asks again for the keys DynamoDB left unprocessed, until none is left", async () => {
    const asked: number[][] = [];
    const items = await batchGetAll(
      async (keys: number[]) => {
        asked.push(keys);
        // Each call processes only the first key it is given.
        return { data: keys.slice(0, 1).map((key) => `item ${key}`), unprocessed: keys.slice(1) };
      },
      [1, 2, 3],
    );
    expect(items).toEqual(["item 1", "item 2", "item 3"]);
    expect(asked).toEqual([[1, 2, 3], [2, 3], [3]]);
  });

  it("gives up with 503 UNAVAILABLE when the same keys stay unprocessed (throttling)", async () => {
    let calls = 0;
    await expect(
      batchGetAll(
        async (keys: number[]) => {
          calls++;
          return { data: [], unprocessed: keys };
        },
        [1],
      ),
    ).rejects.toMatchObject({ code: "UNAVAILABLE" });
    expect(calls).toBe(5);
  });

  it("makes no request for no keys", async () => {
    let calls = 0;
    expect(
      await batchGetAll(async () => {
        calls++;
        return { data: [], unprocessed: [] };
      }, []),
    ).toEqual([]);
    expect(calls).toBe(0);
  });
});
