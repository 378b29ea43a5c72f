import { describe, expect, it } from "vitest";
import { apiOperations } from "../contracts";
import { app } from "./docs";

describe("the docs function", () => {
  it("serves the OpenAPI document of every route without any dependency", async () => {
    const response = await app.request("/api/openapi.json");
    expect(response.status).toBe(200);
    const document = (await response.json()) as { openapi: string; paths: Record<string, object> };
    expect(document.openapi).toBe("3.1.0");
    expect(Object.keys(document.paths).sort()).toEqual(
      [...new Set(apiOperations.map((operation) => operation.path))].sort(),
    );
  });

  it("answers an unknown path with the API's French 404", async () => {
    const response = await app.request("/api/openapi.json/nope");
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ code: "NOT_FOUND" });
  });
});
