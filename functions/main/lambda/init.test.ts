import { randomUUID } from "node:crypto";
import { DeleteTableCommand } from "@aws-sdk/client-dynamodb";
import { afterAll, describe, expect, inject, it, vi } from "vitest";
import { ensureTable } from "../../platform/db/bootstrap";
import { createDb } from "../../platform/db/service";
import { openFirstConnection } from "./init";

const inLambda = { AWS_LAMBDA_FUNCTION_NAME: "ApiCatalog" };

describe("the first DynamoDB connection, during the Lambda's init", () => {
  it("is not opened outside Lambda: tests, scripts and the cold-import measurement stay off the network", async () => {
    const db = vi.fn(() => {
      throw new Error("not called");
    });
    await expect(openFirstConnection({}, db)).resolves.toBe("skipped");
    expect(db).not.toHaveBeenCalled();
  });

  it("is opened in Lambda with one read of the table, through the container's client", async () => {
    const tableName = `test-${randomUUID()}`;
    const db = createDb({ tableName, endpoint: inject("dynamoEndpoint") });
    await ensureTable(db.dynamo, tableName);
    afterAll(async () => {
      await db.dynamo.send(new DeleteTableCommand({ TableName: tableName }));
      db.dynamo.destroy();
    });
    const send = vi.spyOn(db.dynamo, "send");
    await expect(openFirstConnection(inLambda, () => db)).resolves.toBe("opened");
    expect(send).toHaveBeenCalledTimes(1);
    expect(send.mock.calls[0]?.[0].constructor.name).toBe("GetItemCommand");
  });

  it("is logged, not thrown, when it fails: the first request opens it then", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const db = createDb({ tableName: "shop", endpoint: "http://127.0.0.1:9" });
      await expect(openFirstConnection(inLambda, () => db)).resolves.toBe("failed");
      // Without TABLE_NAME, building the dependencies fails: logged the same way.
      await expect(openFirstConnection(inLambda)).resolves.toBe("failed");
      expect(errors).toHaveBeenCalledTimes(2);
      db.dynamo.destroy();
    } finally {
      errors.mockRestore();
    }
  });
});
