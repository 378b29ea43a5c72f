import type { Hono } from "hono";
import { describe, expect, it } from "vitest";
import type { Deps } from "../platform/deps";
import { EDGE_KEY_HEADER, EDGE_KEY_VARIABLE } from "../platform/edge-headers";
import type { AppEnv } from "../platform/env";
import { createAreaApp } from "./area-app";
import { isApiUrl } from "./local";
import { openApiRoutes } from "./openapi-routes";

describe("the local server's split", () => {
  it.each([
    ["http://127.0.0.1:4321/api", true],
    ["http://127.0.0.1:4321/api/products", true],
    ["http://127.0.0.1:4321/api?x=1", true],
    ["http://localhost/api/products?id=1", true],
    ["http://127.0.0.1:4321/", false],
    ["http://127.0.0.1:4321/apiculture", false],
    ["http://127.0.0.1:4321/product/1?from=/api/", false],
  ])("%s goes to the API: %s", (url, api) => {
    expect(isApiUrl(url)).toBe(api);
  });
});

describe("an area's app and the edge key", () => {
  const KEY = "EdgeKey-secret-".padEnd(48, "x");
  const areaApp = (env: NodeJS.ProcessEnv) =>
    createAreaApp("docs", { openapi: openApiRoutes }, () => ({}) as Deps, env);
  const openApi = (app: Hono<AppEnv>, headers: Record<string, string> = {}) =>
    app.request("/api/openapi.json", { headers });

  it("locally (npm start, tests: no AWS_LAMBDA_FUNCTION_NAME) serves without a key when none is configured", async () => {
    expect((await openApi(areaApp({}))).status).toBe(200);
  });

  it("on Lambda with the key, answers only the requests that carry it", async () => {
    const app = areaApp({ AWS_LAMBDA_FUNCTION_NAME: "ApiDocs", [EDGE_KEY_VARIABLE]: KEY });
    expect((await openApi(app)).status).toBe(403);
    expect((await openApi(app, { [EDGE_KEY_HEADER]: KEY })).status).toBe(200);
  });

  it("on Lambda without the key, fails every invocation (Lambda's Errors, its alarm) instead of serving unchecked", async () => {
    const app = areaApp({ AWS_LAMBDA_FUNCTION_NAME: "ApiDocs", [EDGE_KEY_VARIABLE]: "" });
    for (const headers of [{}, { [EDGE_KEY_HEADER]: KEY }, { [EDGE_KEY_HEADER]: "" }] as Record<
      string,
      string
    >[])
      await expect(async () => openApi(app, headers)).rejects.toThrow(`${EDGE_KEY_VARIABLE} is not set`);
  });
});
