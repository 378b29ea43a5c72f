import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { SESSION_COOKIE } from "../../functions/accounts/session-middleware";
import { apiOperations } from "../../functions/main/contracts";
import { contractStatuses } from "../setup/contract-statuses";
import { createTestContext } from "../setup/test-db";

const ctx = await createTestContext();

/** Hono's ":id" to OpenAPI's "{id}". */
const toOpenApiPath = (path: string) => path.replace(/:(\w+)/g, "{$1}").replace(/\/$/, "");

describe("GET /api/openapi.json", () => {
  it("documents exactly the routes the API serves", async () => {
    const response = await ctx.app.request("/api/openapi.json");
    expect(response.status).toBe(200);
    const document = (await response.json()) as {
      openapi: string;
      paths: Record<string, Record<string, unknown>>;
    };
    expect(document.openapi).toBe("3.1.0");

    const documented = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`),
    );
    const served = ctx.app.routes
      .filter((route) => route.method !== "ALL")
      .map((route) => `${route.method} ${toOpenApiPath(route.path)}`);
    expect(new Set(documented)).toEqual(new Set(served));
  });

  it("serves each contracted operation exactly once, and nothing without a contract", () => {
    const served = ctx.app.routes
      .filter((route) => route.method !== "ALL")
      .map((route) => `${route.method} ${toOpenApiPath(route.path)}`);
    const contracted = apiOperations.map(
      (operation) => `${operation.method.toUpperCase()} ${operation.path}`,
    );
    // Hono lists a route once per handler of its chain: compared as sets, and no operation is declared twice.
    expect(new Set(contracted).size).toBe(contracted.length);
    expect([...new Set(served)].sort()).toEqual(contracted.sort());
  });

  it("names in each path exactly the parameters its contract validates", () => {
    for (const operation of apiOperations) {
      const inPath = [...operation.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();
      expect(Object.keys(operation.params?.shape ?? {}).sort(), operation.path).toEqual(inPath);
    }
  });

  it("documents the 400 of every operation whose contract validates an input", async () => {
    const document = (await (await ctx.app.request("/api/openapi.json")).json()) as {
      paths: Record<
        string,
        Record<string, { parameters: unknown[]; requestBody?: object; responses: object }>
      >;
    };
    for (const [path, operations] of Object.entries(document.paths))
      for (const [method, operation] of Object.entries(operations))
        if (operation.parameters.length > 0 || operation.requestBody)
          expect(operation.responses, `${method} ${path}`).toHaveProperty("400");
  });

  it("refuses an answer its contract does not list, while the integration tests run", async () => {
    // The observer createTestContext gives the app (tests/setup/contract-statuses.ts): this file's own answers
    // are checked too, and an undocumented one is reported.
    const check = contractStatuses();
    check.answered("GET", "/api/products/:id", 404);
    check.answered("POST", "/api/withdrawals/", 201);
    expect([...check.undocumented]).toEqual([]);
    check.answered("GET", "/api/products/:id", 409);
    check.answered("GET", "/api/nowhere", 200);
    expect([...check.undocumented]).toEqual([
      "GET /api/products/:id answered 409, not in its contract (200, 400, 403, 404, 503)",
      "GET /api/nowhere: a route without a contract",
    ]);
    expect((await ctx.app.request("/api/products/nope")).status).toBe(400);
  });

  it("describes the product schema from the zod schema", async () => {
    const document = (await (await ctx.app.request("/api/openapi.json")).json()) as {
      paths: Record<
        string,
        {
          get: {
            responses: Record<string, { content?: Record<string, { schema: { required?: string[] } }> }>;
          };
        }
      >;
    };
    const schema =
      document.paths["/api/products/{id}"]?.get.responses["200"]?.content?.["application/json"]?.schema;
    expect(schema?.required).toEqual(expect.arrayContaining(["id", "name", "price", "stock", "is_active"]));
  });
});

describe("the OpenAPI document, checked by independent tools (issue 29)", () => {
  it("passes redocly lint with its recommended rules: no error, no warning", async () => {
    const directory = mkdtempSync(join(tmpdir(), "openapi-lint-"));
    const file = join(directory, "openapi.json");
    writeFileSync(file, await (await ctx.app.request("/api/openapi.json")).text());
    const run = spawnSync(
      process.execPath,
      [
        resolve("node_modules/@redocly/cli/bin/cli.js"),
        "lint",
        file,
        "--format",
        "json",
        "--max-problems",
        "1000",
      ],
      {
        encoding: "utf8",
        env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" },
      },
    );
    const report = JSON.parse(run.stdout) as {
      totals: { errors: number; warnings: number };
      problems: { ruleId: string; message: string; location: { pointer: string }[] }[];
    };
    expect(report.problems.map((p) => `${p.ruleId}: ${p.message} ${p.location[0]?.pointer}`)).toEqual([]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
  }, 60_000);

  it("names every operation uniquely and asks a session exactly of the operations that answer 401", async () => {
    const document = (await (await ctx.app.request("/api/openapi.json")).json()) as {
      components: { securitySchemes: { session: { name: string } } };
      paths: Record<string, Record<string, { operationId: string; security: unknown[]; responses: object }>>;
    };
    const operations = Object.values(document.paths).flatMap((item) => Object.values(item));
    const ids = operations.map((operation) => operation.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(document.paths["/api/products/{id}"]?.get?.operationId).toBe("getProductsById");
    for (const operation of operations)
      expect(operation.security.length > 0, operation.operationId).toBe("401" in operation.responses);
    expect(document.components.securitySchemes.session.name).toBe(SESSION_COOKIE);
  });
});
