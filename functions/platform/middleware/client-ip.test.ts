import { Hono } from "hono";
import { afterEach, describe, expect, it, vi } from "vitest";
import { EDGE_KEY_HEADER, EDGE_KEY_VARIABLE, VIEWER_ADDRESS_HEADER } from "../edge-headers";
import { clientIp } from "./client-ip";

const app = new Hono().get("/", (c) => c.text(String(clientIp(c))));
/** The Lambda event's context as hono/aws-lambda passes it: CloudFront's address calling the function URL. */
const lambda = { requestContext: { http: { sourceIp: "130.176.12.34" } } };
const ask = async (headers: Record<string, string>, env: object | undefined = lambda) =>
  (await app.request("/", { headers }, env)).text();

afterEach(() => vi.unstubAllEnvs());

describe("clientIp on Lambda", () => {
  it("is the visitor's address the Router wrote, with the edge key", async () => {
    vi.stubEnv(EDGE_KEY_VARIABLE, "k".repeat(48));
    expect(await ask({ [EDGE_KEY_HEADER]: "k".repeat(48), [VIEWER_ADDRESS_HEADER]: "203.0.113.7" })).toBe(
      "203.0.113.7",
    );
    expect(await ask({ [EDGE_KEY_HEADER]: "k".repeat(48), [VIEWER_ADDRESS_HEADER]: "2001:db8::1" })).toBe(
      "2001:db8::1",
    );
  });

  it("ignores a written address without the right key: a direct call to the function URL", async () => {
    vi.stubEnv(EDGE_KEY_VARIABLE, "k".repeat(48));
    expect(await ask({ [VIEWER_ADDRESS_HEADER]: "203.0.113.7" })).toBe("130.176.12.34");
    expect(await ask({ [EDGE_KEY_HEADER]: "guess", [VIEWER_ADDRESS_HEADER]: "203.0.113.7" })).toBe(
      "130.176.12.34",
    );
    expect(
      await ask({ [EDGE_KEY_HEADER]: `${"k".repeat(47)}x`, [VIEWER_ADDRESS_HEADER]: "203.0.113.7" }),
    ).toBe("130.176.12.34");
    expect(await ask({ "x-forwarded-for": "203.0.113.7" })).toBe("130.176.12.34");
  });

  it("ignores the headers when the function has no key, and an address that is not one", async () => {
    expect(await ask({ [EDGE_KEY_HEADER]: "", [VIEWER_ADDRESS_HEADER]: "203.0.113.7" })).toBe(
      "130.176.12.34",
    );
    vi.stubEnv(EDGE_KEY_VARIABLE, "k".repeat(48));
    expect(await ask({ [EDGE_KEY_HEADER]: "k".repeat(48), [VIEWER_ADDRESS_HEADER]: "tout le monde" })).toBe(
      "130.176.12.34",
    );
  });

  it("is null in process (tests), whatever the headers say", async () => {
    vi.stubEnv(EDGE_KEY_VARIABLE, "k".repeat(48));
    expect(await ask({ [EDGE_KEY_HEADER]: "k".repeat(48), [VIEWER_ADDRESS_HEADER]: "203.0.113.7" }, {})).toBe(
      "null",
    );
  });
});
