/**
 * The function URLs answer only through CloudFront (issue 27, docs/decisions/031): the real Lambda handlers
 * (functions/main/lambda/<area>.ts, as SST deploys them) invoked with function URL events (payload 2.0), with the
 * environment `sst deploy` gives them, on DynamoDB Local. A request without the edge key the Router's viewer-request
 * function adds (infra/edge.ts) is refused before any route runs; the build's reads (src/lib/build-api.ts) carry it.
 */
import type { APIGatewayProxyEventV2, APIGatewayProxyResultV2, Context } from "aws-lambda";
import { afterAll, beforeAll, describe, expect, inject, it, vi } from "vitest";
import { findUserByEmail } from "../../functions/accounts/auth";
import { seedIfEmpty } from "../../functions/main/seed";
import {
  EDGE_KEY_HEADER,
  EDGE_KEY_VARIABLE,
  VIEWER_ADDRESS_HEADER,
} from "../../functions/platform/edge-headers";
import { BUILD_EDGE_KEY_HEADER, BUILD_EDGE_KEY_VARIABLE, buildHeaders } from "../../src/lib/build-api";
import { createTestContext } from "../setup/test-db";

const ctx = await createTestContext({ newShop: true });
const KEY = "EdgeKey-secret-".padEnd(48, "x");

type Handler = (event: APIGatewayProxyEventV2, context: Context) => Promise<APIGatewayProxyResultV2>;
const handlers: Record<string, Handler> = {};

beforeAll(async () => {
  await seedIfEmpty(ctx.deps, { adminEmail: "owner@example.fr", adminPassword: "secret-admin" });
  // What infra/api.ts gives every API function (tests/infra/infra.test.ts), the table being this file's.
  vi.stubEnv(EDGE_KEY_VARIABLE, KEY);
  vi.stubEnv("TABLE_NAME", ctx.tableName);
  vi.stubEnv("DYNAMODB_ENDPOINT", inject("dynamoEndpoint"));
  vi.stubEnv("MAIL_DIR", ctx.mailDir);
  vi.resetModules();
  for (const area of ["catalog", "accounts"])
    handlers[area] = (
      (await import(`../../functions/main/lambda/${area}.ts`)) as { handler: Handler }
    ).handler;
});
afterAll(() => vi.unstubAllEnvs());

/** A function URL's event, as Lambda builds it from CloudFront's (or anyone's) HTTPS request. */
function functionUrlEvent(
  method: string,
  path: string,
  headers: Record<string, string> = {},
  body?: string,
): APIGatewayProxyEventV2 {
  return {
    version: "2.0",
    routeKey: "$default",
    rawPath: path,
    rawQueryString: "",
    headers: { host: "abc123.lambda-url.eu-west-3.on.aws", ...headers },
    requestContext: {
      accountId: "anonymous",
      apiId: "abc123",
      domainName: "abc123.lambda-url.eu-west-3.on.aws",
      domainPrefix: "abc123",
      http: { method, path, protocol: "HTTP/1.1", sourceIp: "130.176.12.34", userAgent: "curl/8" },
      requestId: "req-1",
      routeKey: "$default",
      stage: "$default",
      time: "27/Nov/2026:04:00:00 +0000",
      timeEpoch: 1_795_752_000_000,
    },
    body,
    isBase64Encoded: false,
  };
}

async function invoke(area: string, event: APIGatewayProxyEventV2) {
  const handler = handlers[area];
  if (!handler) throw new Error(`no handler ${area}`);
  const result = (await handler(event, {} as Context)) as {
    statusCode: number;
    headers: Record<string, string>;
    body: string;
  };
  return { ...result, json: () => JSON.parse(result.body) as unknown };
}

const REFUSAL = { error: "Accès refusé : l'API de la boutique ne répond qu'au travers de son site." };

describe("a function URL called around the Router", () => {
  it("refuses every request without the edge key, in French, before any route runs", async () => {
    for (const [area, method, path] of [
      ["catalog", "GET", "/api/products"],
      ["catalog", "GET", "/api/settings/company"],
      ["catalog", "GET", "/"],
      ["accounts", "GET", "/api/auth/me"],
    ] as const) {
      const answer = await invoke(area, functionUrlEvent(method, path));
      expect(answer.statusCode, `${method} ${path}`).toBe(403);
      expect(answer.json()).toMatchObject(REFUSAL);
      expect(answer.headers["content-type"]).toMatch(/^application\/json/);
      expect(answer.headers["cache-control"]).toBe("no-store");
      expect(answer.headers["x-content-type-options"]).toBe("nosniff");
    }
    // A write is refused too, and nothing is written: no account for this address.
    const signup = await invoke(
      "accounts",
      functionUrlEvent(
        "POST",
        "/api/auth/signup",
        { "content-type": "application/json" },
        JSON.stringify({ email: "intrus@example.fr", password: "secret12", fullName: "Intrus" }),
      ),
    );
    expect(signup.statusCode).toBe(403);
    expect(await findUserByEmail(ctx.deps, "intrus@example.fr")).toBeNull();
  });

  it("refuses a wrong or partial key, and a viewer address written without the key", async () => {
    for (const key of ["guess", KEY.slice(0, -1), `${KEY}x`, `${KEY.slice(0, -1)}y`]) {
      const answer = await invoke(
        "catalog",
        functionUrlEvent("GET", "/api/products", {
          [EDGE_KEY_HEADER]: key,
          [VIEWER_ADDRESS_HEADER]: "203.0.113.7",
        }),
      );
      expect(answer.statusCode, key).toBe(403);
    }
  });
});

describe("a request through the Router", () => {
  it("is answered as before, with the key the viewer-request function adds", async () => {
    const answer = await invoke(
      "catalog",
      functionUrlEvent("GET", "/api/products/3", {
        [EDGE_KEY_HEADER]: KEY,
        [VIEWER_ADDRESS_HEADER]: "203.0.113.7",
      }),
    );
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ id: 3 });
  });

  it("lets the site build read the catalogue: its headers carry the key the deploy gives it", async () => {
    expect(BUILD_EDGE_KEY_HEADER).toBe(EDGE_KEY_HEADER);
    expect(BUILD_EDGE_KEY_VARIABLE).toBe(EDGE_KEY_VARIABLE);
    const headers = buildHeaders({ [BUILD_EDGE_KEY_VARIABLE]: KEY });
    const products = await invoke("catalog", functionUrlEvent("GET", "/api/products", { ...headers }));
    expect(products.statusCode).toBe(200);
    expect((products.json() as unknown[]).length).toBeGreaterThan(0);
    // Without the variable (npm start builds against the local server, which checks no key): no header.
    expect(buildHeaders({})).not.toHaveProperty(BUILD_EDGE_KEY_HEADER);
  });
});

/** Every console line written while `run` runs. */
async function logsOf(run: () => Promise<unknown>): Promise<string> {
  const lines: unknown[][] = [];
  const spies = (["log", "info", "warn", "error", "debug"] as const).map((level) =>
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
      lines.push(args);
    }),
  );
  try {
    await run();
  } finally {
    for (const spy of spies) spy.mockRestore();
  }
  return lines
    .map((args) => args.map((arg) => (arg instanceof Error ? arg.stack : String(arg))).join(" "))
    .join("\n");
}

describe("the edge key is a secret", () => {
  it("is never logged: neither when a request carries it, nor when one carries a wrong one", async () => {
    const logs = await logsOf(async () => {
      await invoke("catalog", functionUrlEvent("GET", "/api/products/3", { [EDGE_KEY_HEADER]: KEY }));
      await invoke("catalog", functionUrlEvent("GET", "/api/products/3", { [EDGE_KEY_HEADER]: `${KEY}x` }));
      await invoke("catalog", functionUrlEvent("GET", "/api/products/999999", { [EDGE_KEY_HEADER]: KEY }));
    });
    expect(logs).not.toContain(KEY);
  });

  it("on Lambda, a function deployed without it fails every invocation (its Errors alarm) and answers nothing", async () => {
    vi.stubEnv(EDGE_KEY_VARIABLE, "");
    vi.stubEnv("AWS_LAMBDA_FUNCTION_NAME", "savon-shop-production-ApiDocsFunction");
    try {
      vi.resetModules();
      const { handler } = (await import("../../functions/main/lambda/docs.ts")) as { handler: Handler };
      for (const headers of [{}, { [EDGE_KEY_HEADER]: KEY }] as Record<string, string>[])
        await expect(
          handler(functionUrlEvent("GET", "/api/openapi.json", headers), {} as Context),
        ).rejects.toThrow(`${EDGE_KEY_VARIABLE} is not set`);
    } finally {
      vi.stubEnv(EDGE_KEY_VARIABLE, KEY);
      vi.stubEnv("AWS_LAMBDA_FUNCTION_NAME", undefined);
    }
  });

  it("stays optional locally (npm start, tests): without AWS_LAMBDA_FUNCTION_NAME nothing is checked", async () => {
    vi.stubEnv(EDGE_KEY_VARIABLE, "");
    try {
      vi.resetModules();
      const { handler } = (await import("../../functions/main/lambda/docs.ts")) as { handler: Handler };
      const answer = (await handler(functionUrlEvent("GET", "/api/openapi.json"), {} as Context)) as {
        statusCode: number;
      };
      expect(answer.statusCode).toBe(200);
    } finally {
      vi.stubEnv(EDGE_KEY_VARIABLE, KEY);
    }
  });
});
