import { describe, expect, it } from "vitest";
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
