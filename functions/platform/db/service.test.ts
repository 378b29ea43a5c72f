import { randomUUID } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { DeleteTableCommand, GetItemCommand } from "@aws-sdk/client-dynamodb";
import { Entity, Service } from "electrodb";
import { afterAll, beforeAll, describe, expect, inject, it, vi } from "vitest";
import { DomainError } from "../../../src/domain/errors";
import { productEntity } from "../../catalog/product-entity";
import { settingEntity } from "../../settings/entity";
import { ensureTable } from "./bootstrap";
import {
  createDocumentClient,
  createDynamoClient,
  DYNAMO_LIMITS,
  dbConfigFromEnv,
  LOCAL_DYNAMO_LIMITS,
  limitsFor,
} from "./client";
import { isConditionFailure } from "./errors";
import { createDb, type Db } from "./service";
import { entitiesOf, getTransaction, writeTransaction } from "./transaction";

/** Counts the entities ElectroDB builds (it validates each model in its constructor). */
function countBuilds() {
  return vi.spyOn(Entity.prototype as unknown as { _validateModel: () => void }, "_validateModel");
}

const product = (id: number) => ({
  id,
  name: `Savon ${id}`,
  price_cents: 800,
  weight: "100 g",
  image: "/savon.svg",
  description: "Savon d'Alep",
  stock: 3,
  low_stock_threshold: 1,
  is_active: true,
  created_at: "2026-11-23T10:00:00.000Z",
  updated_at: "2026-11-23T10:00:00.000Z",
});

/** Every module under functions/ that defines entities: name (the schema's, without "Schema") → accessor. */
async function definedEntities(): Promise<Map<string, { schema: unknown; accessor: unknown }>> {
  const root = join(import.meta.dirname, "..", "..");
  const files = readdirSync(root, { recursive: true, encoding: "utf8" }).filter(
    (file) =>
      file.endsWith(".ts") &&
      !file.endsWith(".test.ts") &&
      /\bdefineEntity\(/.test(readFileSync(join(root, file), "utf8")),
  );
  const found = new Map<string, { schema: unknown; accessor: unknown }>();
  for (const file of files) {
    const module = (await import(join(root, file))) as Record<string, unknown>;
    for (const [name, schema] of Object.entries(module))
      if (name.endsWith("Schema")) {
        const base = name.slice(0, -"Schema".length);
        found.set(base, { schema, accessor: module[`${base}Entity`] });
      }
  }
  return found;
}

describe("the entities", () => {
  it("are built when first used, each once per db client, not at createDb", () => {
    const builds = countBuilds();
    try {
      const db = createDb({ tableName: "shop", endpoint: "http://127.0.0.1:9" });
      expect(builds).not.toHaveBeenCalled();
      expect(productEntity(db)).toBe(productEntity(db));
      settingEntity(db).get({ key: "shipping" }).params();
      expect(builds).toHaveBeenCalledTimes(2);
      expect(productEntity.transact(db)).toBe(productEntity(db));
      expect(builds).toHaveBeenCalledTimes(2);
      const other = createDb({ tableName: "other", endpoint: "http://127.0.0.1:9" });
      expect(productEntity(other)).not.toBe(productEntity(db));
      expect(productEntity(other).get({ id: 1 }).params()).toMatchObject({ TableName: "other" });
      expect(builds).toHaveBeenCalledTimes(3);
    } finally {
      builds.mockRestore();
    }
  });

  it("are the models ElectroDB's Service built: same keys, prefixes, indexes, for all of them", async () => {
    const defined = await definedEntities();
    expect(defined.size).toBeGreaterThanOrEqual(34);
    const db = createDb({ tableName: "shop", endpoint: "http://127.0.0.1:9" });
    const client = createDocumentClient(db.dynamo);
    const joined = new Service(
      Object.fromEntries(
        [...defined].map(([name, { schema }]) => [name, new Entity(schema as never)]),
      ) as unknown as ConstructorParameters<typeof Service>[0],
      { client, table: "shop" },
    ).entities;
    const model = (entity: unknown) =>
      JSON.stringify((entity as { model: unknown }).model, (key, value) =>
        typeof value === "function" || key === "table" ? undefined : value,
      );
    for (const [name, { accessor }] of defined) {
      expect(accessor, `${name}Entity`).toBeTypeOf("function");
      expect(model((accessor as (db: Db) => unknown)(db)), name).toBe(model(joined[name]));
    }
    expect(productEntity(db).get({ id: 12 }).params()).toEqual({
      TableName: "shop",
      Key: { pk: "$shop", sk: "$product_1#id_12" },
    });
  });

  it("give a transaction only the entities its items name", () => {
    const db = createDb({ tableName: "shop", endpoint: "http://127.0.0.1:9" });
    const builds = countBuilds();
    try {
      const commits = [productEntity.transact(db).create(product(7)).commit()];
      expect(Object.values(entitiesOf(commits))).toEqual([productEntity(db)]);
      expect(builds).toHaveBeenCalledTimes(1);
      expect(() => entitiesOf([{ Put: {} }])).toThrow(/commit\(\)/);
    } finally {
      builds.mockRestore();
    }
  });
});

describe("against DynamoDB Local", () => {
  let db: Db;
  const tableName = `test-${randomUUID()}`;
  beforeAll(async () => {
    db = createDb({ tableName, endpoint: inject("dynamoEndpoint") });
    await ensureTable(db.dynamo, tableName);
  });
  afterAll(async () => {
    await db.dynamo.send(new DeleteTableCommand({ TableName: tableName }));
    db.dynamo.destroy();
  });

  it("builds no ElectroDB error (no stack trace) for a call that succeeds", async () => {
    const traces = vi.spyOn(Error, "captureStackTrace");
    try {
      await productEntity(db).create(product(1)).go();
      await productEntity(db).get({ id: 1 }).go();
      await productEntity(db).query.byId({}).go();
      await writeTransaction(db, () => [
        { commit: productEntity.transact(db).patch({ id: 1 }).set({ stock: 2 }).commit() },
      ]);
      const electro = traces.mock.calls.filter(([error]) => (error as Error).name === "ElectroError");
      expect(electro).toEqual([]);
    } finally {
      traces.mockRestore();
    }
  });

  it("fails as ElectroDB did: an ElectroError with its message, caused by the SDK's error", async () => {
    await productEntity(db).create(product(2)).go();
    const failure = await productEntity(db)
      .create(product(2))
      .go()
      .catch((error: unknown) => error);
    expect(failure).toMatchObject({
      name: "ElectroError",
      isElectroError: true,
      code: 4001,
      cause: { name: "ConditionalCheckFailedException" },
    });
    expect((failure as Error).message).toMatch(
      /^Error thrown by DynamoDB client: ".*conditional request failed.*" - For more detail on this error reference: https:\/\/electrodb\.dev\/en\/reference\/errors\/#aws-error$/,
    );
    expect(isConditionFailure(failure)).toBe(true);
    expect((failure as { params: () => unknown }).params()).toMatchObject({ TableName: tableName });
  });

  it("keeps ElectroDB's own errors (validation) as they are", async () => {
    const failure = await productEntity(db)
      .create({ ...product(3), price_cents: "huit" as unknown as number })
      .go()
      .catch((error: unknown) => error);
    expect(failure).toMatchObject({ name: "ElectroValidationError", isElectroError: true });
    expect((failure as Error).message).toContain("price_cents");
  });

  it("writes transactions and reads their failed conditions", async () => {
    await expect(
      writeTransaction(db, () => [
        {
          commit: productEntity.transact(db).create(product(2)).commit(),
          onFailed: new DomainError("CONFLICT", "Ce produit existe déjà."),
        },
      ]),
    ).rejects.toThrow("Ce produit existe déjà.");
    const { data } = await productEntity(db).get({ id: 1 }).go();
    expect(data?.stock).toBe(2);
  });

  it("reads in a transaction (TransactGetItems) with only the entities it names", async () => {
    const products = productEntity.transactGet(db);
    const { canceled, data } = await getTransaction(db, [
      products.get({ id: 1 }).commit(),
      products.get({ id: 404 }).commit(),
    ]);
    expect(canceled).toBe(false);
    expect(data.map(({ item }) => item?.id ?? null)).toEqual([1, null]);
  });
});

describe("the DynamoDB client", () => {
  it("keeps its connection open between requests", async () => {
    let connections = 0;
    const server = createServer((request, response) => {
      request.resume().on("end", () => {
        response.writeHead(200, { "content-type": "application/x-amz-json-1.0" }).end("{}");
      });
    });
    server.on("connection", () => connections++);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    const client = createDynamoClient({ tableName: "shop", endpoint: `http://127.0.0.1:${port}` });
    try {
      for (let request = 0; request < 3; request++)
        await client.send(new GetItemCommand({ TableName: "shop", Key: { pk: { S: "a" }, sk: { S: "b" } } }));
      expect(connections).toBe(1);
    } finally {
      client.destroy();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it("has AWS's limits on Lambda (no endpoint) and DynamoDB Local's under npm start, both within the 5 s bound", () => {
    expect(limitsFor(dbConfigFromEnv({ TABLE_NAME: "shop", AWS_REGION: "eu-west-3" }))).toBe(DYNAMO_LIMITS);
    expect(
      limitsFor(dbConfigFromEnv({ TABLE_NAME: "shop", DYNAMODB_ENDPOINT: "http://127.0.0.1:8765" })),
    ).toBe(LOCAL_DYNAMO_LIMITS);
    for (const limits of [DYNAMO_LIMITS, LOCAL_DYNAMO_LIMITS]) {
      expect(limits.callDeadlineMs).toBeLessThanOrEqual(4_000);
      expect(limits.maxAttempts).toBeGreaterThan(1);
    }
  });

  it("gives up on a database that takes the request and never answers: a bounded number of tries, in bounded time", async () => {
    let requests = 0;
    // Reads every request and never answers it, as a frozen database does.
    const server = createServer((request) => {
      requests++;
      request.resume();
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    // AWS's limits (the endpoint alone would give DynamoDB Local's): the tries and the deadline of a Lambda.
    const client = createDynamoClient({
      tableName: "shop",
      endpoint: `http://127.0.0.1:${port}`,
      limits: DYNAMO_LIMITS,
    });
    const started = performance.now();
    try {
      const failure = await client
        .send(new GetItemCommand({ TableName: "shop", Key: { pk: { S: "a" }, sk: { S: "b" } } }))
        .then(
          () => undefined,
          (error: unknown) => error as Error,
        );
      const elapsed = performance.now() - started;
      expect(failure?.name).toBe("TimeoutError");
      // Each try waits its request timeout, then the SDK tries again (25-50 ms of backoff), until the deadline.
      expect(requests).toBeGreaterThanOrEqual(2);
      expect(requests).toBeLessThanOrEqual(DYNAMO_LIMITS.maxAttempts);
      expect(elapsed).toBeGreaterThanOrEqual(DYNAMO_LIMITS.callDeadlineMs - 50);
      expect(elapsed).toBeLessThan(DYNAMO_LIMITS.callDeadlineMs + 1_000);
    } finally {
      client.destroy();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
