import { afterEach, describe, expect, it, vi } from "vitest";
import { refreshAllTracking, refreshParcelTracking } from "./admin-api";

afterEach(() => vi.unstubAllGlobals());

describe("the admin panel's calls", () => {
  it("asks the shipping API to read the tracking, for one order or for all", async () => {
    const fetch = vi.fn(
      async (_url: string, _init: RequestInit) =>
        new Response(JSON.stringify({ message: "ok" }), { headers: { "content-type": "application/json" } }),
    );
    vi.stubGlobal("fetch", fetch);
    await refreshParcelTracking("01J/x");
    await refreshAllTracking();
    expect(fetch.mock.calls.map(([url, init]) => [url, init.method])).toEqual([
      ["/api/admin/shipping/orders/01J%2Fx/tracking", "POST"],
      ["/api/admin/shipping/tracking", "POST"],
    ]);
  });
});
