import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

/** Each test gets a fresh store module (startSession runs once per page, i.e. per module instance). */
async function freshStore() {
  vi.resetModules();
  return await import("./session");
}

const user = { id: "u1", email: "lina@example.fr", full_name: "Lina Moreau", is_admin: false };
let calls: string[] = [];

beforeEach(() => {
  calls = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (path: string) => {
      calls.push(path);
      return new Response(JSON.stringify({ user }), {
        status: 200,
        headers: { "content-type": "application/json" },
      });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

const withCookies = (cookie: string) => vi.stubGlobal("document", { cookie });

describe("the session store at startup", () => {
  it("is signed out at once, without asking /api/auth/me, when the hint cookie is absent", async () => {
    withCookies("analytics_consent=granted");
    const { $session, startSession } = await freshStore();
    await startSession();
    expect($session.get()).toEqual({ status: "signed-out", user: null });
    expect(calls).toEqual([]);
  });

  it("asks /api/auth/me when the hint says a session may exist, and shows the user", async () => {
    withCookies("analytics_consent=granted; signed_in=1");
    const { $session, startSession } = await freshStore();
    await startSession();
    expect(calls).toEqual(["/api/auth/me"]);
    expect($session.get()).toEqual({ status: "signed-in", user });
  });

  it("is signed out when the hint outlived the session (/api/auth/me answers 401)", async () => {
    withCookies("signed_in=1");
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response(JSON.stringify({ error: "Veuillez vous connecter." }), { status: 401 })),
    );
    const { $session, startSession } = await freshStore();
    await startSession();
    expect($session.get()).toEqual({ status: "signed-out", user: null });
  });

  it("does not take a look-alike cookie for the hint", async () => {
    withCookies("not_signed_in=1; signed_in=0");
    const { startSession } = await freshStore();
    await startSession();
    expect(calls).toEqual([]);
  });

  it("is signed out outside a browser (no document): the build never asks", async () => {
    const { $session, refreshSession } = await freshStore();
    await refreshSession();
    expect($session.get().status).toBe("signed-out");
    expect(calls).toEqual([]);
  });
});
