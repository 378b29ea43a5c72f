import { afterEach, describe, expect, it, vi } from "vitest";
import { api, unwrap } from "./api/client";
import { EARLY_READ_INIT, forgetEarlyReads, startEarlyReads, takeEarlyRead } from "./early-reads";

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

afterEach(() => {
  forgetEarlyReads();
  vi.unstubAllGlobals();
});

describe("early reads", () => {
  it("starts one GET per API path, as the API client would make it, and nothing for another origin's path", () => {
    const fetch = vi.fn(async () => json({}));
    vi.stubGlobal("fetch", fetch);
    startEarlyReads(["/api/auth/me", "/api/user/orders", "https://evil.example/api/x", "//evil.example/api"]);
    expect(fetch.mock.calls).toEqual([
      ["/api/auth/me", EARLY_READ_INIT],
      ["/api/user/orders", EARLY_READ_INIT],
    ]);
  });

  it("hands each read to the first call only", async () => {
    const fetch = vi.fn(async () => json([{ id: "early" }]));
    vi.stubGlobal("fetch", fetch);
    startEarlyReads(["/api/user/orders"]);
    expect(await unwrap(api.GET("/api/user/orders"))).toEqual([{ id: "early" }]);
    expect(fetch).toHaveBeenCalledTimes(1);
    fetch.mockImplementation(async () => json([{ id: "fresh" }]));
    expect(await unwrap(api.GET("/api/user/orders"))).toEqual([{ id: "fresh" }]);
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it("answers an early 401 as the API's error, like a call made then", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => json({ error: "Non authentifié", code: "UNAUTHENTICATED" }, 401)),
    );
    startEarlyReads(["/api/auth/me"]);
    await expect(unwrap(api.GET("/api/auth/me"))).rejects.toMatchObject({
      status: 401,
      message: "Non authentifié",
    });
  });

  it("asks again when the early read failed on the network", async () => {
    const fetch = vi
      .fn()
      .mockRejectedValueOnce(new TypeError("offline"))
      .mockResolvedValue(json({ ok: 1 }));
    vi.stubGlobal("fetch", fetch);
    startEarlyReads(["/api/user/profile"]);
    expect(await unwrap(api.GET("/api/user/profile"))).toEqual({ ok: 1 });
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it("forgets every early read on a write, so nothing from before a change is shown after it", async () => {
    const fetch = vi.fn(async () => json({}));
    vi.stubGlobal("fetch", fetch);
    startEarlyReads(["/api/user/addresses"]);
    await unwrap(api.POST("/api/user/addresses", { body: { city: "Alep" } as never }));
    expect(takeEarlyRead("/api/user/addresses")).toBeUndefined();
  });

  it("is not taken by a call with headers of its own, nor by an aborted one", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => json({})),
    );
    startEarlyReads(["/api/user/orders"]);
    await unwrap(api.GET("/api/user/orders", { headers: { "x-order-token": "t" } }));
    expect(takeEarlyRead("/api/user/orders")).toBeDefined();

    startEarlyReads(["/api/user/orders"]);
    const controller = new AbortController();
    controller.abort();
    await expect(unwrap(api.GET("/api/user/orders", { signal: controller.signal }))).rejects.toThrow();
  });
});
