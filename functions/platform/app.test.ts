import { Hono } from "hono";
import { secureHeaders } from "hono/secure-headers";
import { describe, expect, it } from "vitest";
import { DomainError } from "../../src/domain/errors";
import { createApp } from "./app";
import type { Deps } from "./deps";
import type { AppEnv } from "./env";

const routes = new Hono<AppEnv>()
  .get("/json", (c) => c.json({ ok: true }))
  .get("/own-response", () => new Response("brut", { headers: { "content-type": "text/plain" } }))
  .get("/cached", (c) => {
    c.header("cache-control", "public, max-age=60");
    return c.json({ ok: true });
  })
  .get("/cached-response", () => new Response("{}", { headers: { "cache-control": "public, max-age=5" } }))
  .get("/fails", () => {
    throw new DomainError("OUT_OF_STOCK");
  })
  .post("/empty", (c) => c.body(null, 204));
const app = createApp({ "/api/test": routes }, () => ({}) as Deps);

/**
 * hono's secureHeaders() after the handler, then no-store unless set, with the API's choice of headers (app.ts
 * API_HEADERS: those that mean something for a JSON answer).
 */
const apiSecureHeaders = secureHeaders({
  crossOriginOpenerPolicy: false,
  originAgentCluster: false,
  referrerPolicy: false,
  strictTransportSecurity: false,
  xDnsPrefetchControl: false,
  xDownloadOptions: false,
  xFrameOptions: false,
  xPermittedCrossDomainPolicies: false,
  xXssProtection: false,
});
const reference = new Hono<AppEnv>();
reference.use("/api/*", apiSecureHeaders, async (c, next) => {
  await next();
  if (!c.res.headers.has("cache-control")) c.header("cache-control", "no-store");
});
reference.route("/api/test", routes);
reference.notFound((c) => c.json({}, 404));
reference.onError((_error, c) => c.json({}, 409));

const headersOf = (response: Response) =>
  Object.fromEntries([...response.headers].filter(([name]) => name !== "content-length"));

describe("every /api answer", () => {
  it.each([
    ["GET", "/api/test/json"],
    ["GET", "/api/test/own-response"],
    ["GET", "/api/test/cached"],
    ["GET", "/api/test/cached-response"],
    ["GET", "/api/test/fails"],
    ["GET", "/api/nothing-here"],
    ["POST", "/api/test/empty"],
  ])(
    "%s %s carries the same headers as hono's secureHeaders() with the API's choice",
    async (method, path) => {
      const [ours, theirs] = await Promise.all([
        app.request(path, { method }),
        reference.request(path, { method }),
      ]);
      expect(ours.status).toBe(theirs.status);
      expect(headersOf(ours)).toEqual(headersOf(theirs));
      expect(ours.headers.get("x-content-type-options")).toBe("nosniff");
      expect(ours.headers.get("cross-origin-resource-policy")).toBe("same-origin");
      // A page's headers, not an answer's (on AWS the Router adds its own DENY to every answer).
      expect(ours.headers.get("x-frame-options")).toBeNull();
    },
  );

  it("an unknown route answers the same JSON every time", async () => {
    const bodies = await Promise.all(
      [app.request("/api/a"), app.request("/api/b")].map(async (r) => (await r).json()),
    );
    expect(bodies[0]).toEqual({ error: new DomainError("NOT_FOUND").message, code: "NOT_FOUND" });
    expect(bodies[1]).toEqual(bodies[0]);
  });

  it("a body over the limit is still refused (the limit is skipped for GET and HEAD only)", async () => {
    const response = await app.request("/api/test/empty", {
      method: "POST",
      headers: { "content-type": "application/json", "content-length": String(50 * 1024 * 1024) },
      body: "{}",
    });
    expect(response.status).toBe(413);
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("cache-control")).toBe("no-store");
  });

  it("a refused media type carries the headers too", async () => {
    const response = await app.request("/api/test/empty", {
      method: "POST",
      headers: { "content-type": "text/plain" },
      body: "x",
    });
    expect(response.status).toBe(415);
    expect(response.headers.get("cross-origin-resource-policy")).toBe("same-origin");
    expect(response.headers.get("cache-control")).toBe("no-store");
  });
});
