import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "../api-client";
import { api, apiUrl, unwrap } from "./client";

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

afterEach(() => vi.unstubAllGlobals());

describe("the API client", () => {
  it("calls the same-origin path, JSON in and out, without cache, with the session cookie", async () => {
    const fetch = vi.fn(async () => json({ message: "ok" }));
    vi.stubGlobal("fetch", fetch);
    const signal = new AbortController().signal;
    await unwrap(
      api.POST("/api/waitlist", { body: { product_id: 1, email: "a@b.fr", consent: true }, signal }),
    );
    expect(fetch).toHaveBeenCalledWith("/api/waitlist", {
      method: "POST",
      headers: { accept: "application/json", "content-type": "application/json" },
      body: JSON.stringify({ product_id: 1, email: "a@b.fr", consent: true }),
      credentials: "same-origin",
      cache: "no-store",
      signal,
    });
  });

  it("says JSON on a bodiless write too (CSRF defence), and nothing of a type on a GET", async () => {
    const fetch = vi.fn(async (_url: string, _init: RequestInit) => new Response(null, { status: 204 }));
    vi.stubGlobal("fetch", fetch);
    expect(await unwrap(api.DELETE("/api/user/addresses/{id}", { params: { path: { id: "a 1" } } }))).toBe(
      undefined,
    );
    await unwrap(api.GET("/api/admin/orders", { params: { query: { limit: 2 } } }));
    expect(fetch.mock.calls.map(([url, init]) => [url, init.method, init.headers])).toEqual([
      [
        "/api/user/addresses/a%201",
        "DELETE",
        { accept: "application/json", "content-type": "application/json" },
      ],
      ["/api/admin/orders?limit=2", "GET", { accept: "application/json" }],
    ]);
  });

  it("throws the API's message, code, fields and body; else HTTP {status}; else Network error", async () => {
    const body = { error: "Vérifiez les champs.", code: "VALIDATION", fields: { email: "E-mail invalide" } };
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => json(body, 400)),
    );
    const failure = await unwrap(api.POST("/api/auth/signout")).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({
      message: body.error,
      status: 400,
      code: "VALIDATION",
      fields: body.fields,
    });
    expect((failure as ApiError).details).toEqual(body);

    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response("<html>", { status: 502 })),
    );
    await expect(unwrap(api.GET("/api/auth/me"))).rejects.toMatchObject({ message: "HTTP 502", status: 502 });

    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response("<html>", { status: 200 })),
    );
    await expect(unwrap(api.GET("/api/auth/me"))).rejects.toMatchObject({ message: "Network error" });

    vi.stubGlobal(
      "fetch",
      vi.fn(async () => {
        throw new TypeError("offline");
      }),
    );
    await expect(unwrap(api.GET("/api/auth/me"))).rejects.toMatchObject({
      message: "Network error",
      status: 0,
    });
  });

  it("rethrows an abort as it is", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async (_url: string, init: RequestInit) => {
        init.signal?.throwIfAborted();
        return json({});
      }),
    );
    const controller = new AbortController();
    controller.abort();
    const failure = await unwrap(api.GET("/api/auth/me", { signal: controller.signal })).catch(
      (e: unknown) => e,
    );
    expect(failure).not.toBeInstanceOf(ApiError);
    expect((failure as Error).name).toBe("AbortError");
  });

  it("builds a declared path's URL for what is not sent as JSON", () => {
    expect(apiUrl("/api/admin/documents/{id}/invoice", { path: { id: "FA 1" } })).toBe(
      "/api/admin/documents/FA%201/invoice",
    );
    expect(apiUrl("/api/admin/exports/fec", { query: { year: 2026 } })).toBe(
      "/api/admin/exports/fec?year=2026",
    );
  });
});
