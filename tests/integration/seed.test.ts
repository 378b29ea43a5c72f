/**
 * The admin account of `npm start` and `scripts/seed.ts` obeys the sign-up rules, and `npm run admin:password`
 * gives the owner her access back. (One context per file: ElectroDB's entities are shared by every Db of a
 * process, so a second table in the same file would receive the first one's writes.)
 */
import { describe, expect, it } from "vitest";
import { recoverAdminAccess, seedIfEmpty } from "../../functions/main/seed";
import { createTestContext } from "../setup/test-db";

const ctx = await createTestContext({ newShop: true });
const api = (path: string, init?: RequestInit) => ctx.app.request(path, init);

describe("seed", () => {
  it("refuses an admin password or e-mail that sign-up would refuse, before writing anything", async () => {
    for (const [options, reason] of [
      [{ adminEmail: "owner@example.fr", adminPassword: "abc" }, /ADMIN_PASSWORD : .*au moins 6 caractères/],
      [{ adminEmail: "owner@example.fr", adminPassword: "x".repeat(129) }, /ADMIN_PASSWORD : .*au plus 128/],
      [
        { adminEmail: "pas-une-adresse", adminPassword: "secret-admin" },
        /ADMIN_EMAIL : Adresse e-mail invalide/,
      ],
    ] as const) {
      await expect(seedIfEmpty(ctx.deps, options)).rejects.toThrow(reason);
    }
    expect(await (await ctx.app.request("/api/products")).json()).toEqual([]);
    expect(
      (await seedIfEmpty(ctx.deps, { adminEmail: "owner@example.fr", adminPassword: "secret-admin" })).seeded,
    ).toBe(true);
  });
});

describe("npm run admin:password (recoverAdminAccess)", () => {
  const signIn = (email: string, password: string) =>
    api("/api/auth/signin", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email, password }),
    });

  it("gives the admin a new password and ends the sessions opened with the old one", async () => {
    const before = await signIn("owner@example.fr", "secret-admin"); // the account the seed above created
    expect(before.status).toBe(200);
    const { token } = (await before.json()) as { token: string };
    const me = () => api("/api/auth/me", { headers: { authorization: `Bearer ${token}` } });
    expect((await me()).status).toBe(200);

    const access = await recoverAdminAccess(ctx.deps, { adminEmail: "OWNER@example.fr" });
    expect(access).toMatchObject({ adminEmail: "owner@example.fr", generatedPassword: true, created: false });
    expect(access.adminPassword.length).toBeGreaterThanOrEqual(12);
    expect((await me()).status).toBe(401);
    expect((await signIn("owner@example.fr", "secret-admin")).status).toBe(401);
    const after = await signIn("owner@example.fr", access.adminPassword);
    expect(after.status).toBe(200);
    expect(((await after.json()) as { user: { is_admin: boolean } }).user.is_admin).toBe(true);
  });

  it("creates the admin account when the e-mail has none, and never promotes a customer", async () => {
    const created = await recoverAdminAccess(ctx.deps, {
      adminEmail: "second-owner@example.fr",
      adminPassword: "a-new-password",
    });
    expect(created).toMatchObject({ created: true, generatedPassword: false });
    expect((await signIn("second-owner@example.fr", "a-new-password")).status).toBe(200);

    await api("/api/auth/signup", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "client@example.fr", password: "client-password", fullName: "Cliente" }),
    });
    await expect(recoverAdminAccess(ctx.deps, { adminEmail: "client@example.fr" })).rejects.toThrow(
      "ADMIN_EMAIL : client@example.fr est un compte client, pas un compte administrateur.",
    );
    expect((await signIn("client@example.fr", "client-password")).status).toBe(200);
    await expect(
      recoverAdminAccess(ctx.deps, { adminEmail: "owner@example.fr", adminPassword: "abc" }),
    ).rejects.toThrow(/au moins 6 caractères/);
  });
});
