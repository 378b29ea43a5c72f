import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createProduct, getActiveProduct } from "../../functions/catalog/service";
import { systemClock } from "../../functions/platform/adapters/clock";
import { ensureTable } from "../../functions/platform/db/bootstrap";
import { seedProducts } from "../../functions/platform/db/seed-catalog";
import { createDb } from "../../functions/platform/db/service";
import { startDynamoLocal } from "../../scripts/local/dynamodb-local";
import { freePort } from "../../scripts/local/ports";

const dataDir = mkdtempSync(join(tmpdir(), "shop-data-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe("DynamoDB Local under DATA_DIR", () => {
  it("keeps what was written across a restart, as npm start does", { timeout: 90_000 }, async () => {
    const port = await freePort();
    const tableName = "savon-shop";

    const first = await startDynamoLocal({ port, dataDir });
    const db1 = createDb({ tableName, endpoint: first.endpoint });
    expect(await ensureTable(db1.dynamo, tableName)).toBe("created");
    const written = await createProduct(
      { db: db1, clock: systemClock },
      { ...(seedProducts[0] as (typeof seedProducts)[number]), name: "Savon persistant" },
    );
    db1.dynamo.destroy();
    await first.stop();

    const second = await startDynamoLocal({ port, dataDir });
    try {
      const db2 = createDb({ tableName, endpoint: second.endpoint });
      expect(await ensureTable(db2.dynamo, tableName)).toBe("existing");
      expect((await getActiveProduct({ db: db2, clock: systemClock }, written.id)).name).toBe(
        "Savon persistant",
      );
      db2.dynamo.destroy();
    } finally {
      await second.stop();
    }
  });
});
