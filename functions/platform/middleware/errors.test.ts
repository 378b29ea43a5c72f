import { Hono } from "hono";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { DomainError } from "../../../src/domain/errors";
import { API_FAILURE_EVENT } from "../api-failure-metric";
import { handleError } from "./errors";

/** The JSON lines handleError wrote straight to stdout during one request. */
async function metricLinesFor(error: Error): Promise<{ status: number; lines: Record<string, unknown>[] }> {
  const app = new Hono();
  app.get("/fail", () => {
    throw error;
  });
  app.onError(handleError);
  const write = vi.spyOn(process.stdout, "write").mockImplementation(() => true);
  const response = await app.request("/fail");
  const lines = write.mock.calls
    .map(([chunk]) => String(chunk))
    .filter((chunk) => chunk.includes(API_FAILURE_EVENT))
    .map((chunk) => {
      // One whole line: the log event the metric filter's JSON pattern reads.
      expect(chunk.endsWith("\n") && !chunk.slice(0, -1).includes("\n")).toBe(true);
      return JSON.parse(chunk) as Record<string, unknown>;
    });
  write.mockRestore();
  return { status: response.status, lines };
}

beforeEach(() => {
  vi.spyOn(console, "error").mockImplementation(() => {});
  vi.stubEnv("AWS_LAMBDA_FUNCTION_NAME", "savon-shop-production-ApiOrdersFunction");
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
});

describe("an unplanned server error is logged for its alarm", () => {
  it("writes one JSON line for a 500", async () => {
    const { status, lines } = await metricLinesFor(new Error("boom"));
    expect(status).toBe(500);
    expect(lines).toEqual([{ event: API_FAILURE_EVENT, status: 500, code: "INTERNAL" }]);
  });

  it("counts PayPal's unexplained 502 too", async () => {
    const { status, lines } = await metricLinesFor(new DomainError("PAYPAL_ERROR"));
    expect(status).toBe(502);
    expect(lines).toHaveLength(1);
  });

  it("writes nothing for a planned 503 (database away, maintenance) or a 4xx", async () => {
    const unavailable = Object.assign(new Error("socket"), { name: "TimeoutError" });
    for (const error of [
      unavailable,
      new DomainError("UNAVAILABLE"),
      new DomainError("MAINTENANCE"),
      new DomainError("NOT_FOUND"),
    ]) {
      const { status, lines } = await metricLinesFor(error);
      expect(status === 503 || status < 500, error.message).toBe(true);
      expect(lines, error.message).toEqual([]);
    }
  });

  it("writes nothing outside Lambda (npm start, tests)", async () => {
    vi.stubEnv("AWS_LAMBDA_FUNCTION_NAME", "");
    const { status, lines } = await metricLinesFor(new Error("boom"));
    expect(status).toBe(500);
    expect(lines).toEqual([]);
  });
});
