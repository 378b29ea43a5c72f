/**
 * Issue 28, item 1: nobody can lock the owner out of /admin. Wrong passwords are limited per (account, address)
 * pair, so an attacker's failures lock the attacker's address only; an account-wide limit, much higher, still
 * bounds guesses spread over many addresses; the account holder is mailed once when a lock first triggers, with a
 * reset link, and a reset through it lifts every lock of the account at once (docs/decisions/033).
 * The clock is fixed per test (`at`), as in rate-limits.test.ts.
 */
import { describe, expect, it } from "vitest";
import { createUser } from "../../functions/accounts/service";
import { countAttempt } from "../../functions/platform/throttle";
import { rateLimits, SIGNIN_MAX_FAILURES_PER_ACCOUNT_PER_DAY } from "../../src/domain/rate-limit";
import { createTestContext } from "../setup/test-db";
import { readMails } from "../support/mail";

let fixed: number | null = null;
const at = (iso: string) => {
  fixed = Date.parse(iso);
};
const ctx = await createTestContext({ now: () => new Date(fixed ?? Date.now()) });

const PASSWORD = "secret12";
/** Tests that verify up to 110 passwords (scrypt, ~0.2 s of CPU each) on a shared 2-core machine. */
const SLOW = 120_000;

let counter = 0;
const uniqueEmail = () => `verrou-${++counter}-${Math.random().toString(36).slice(2, 8)}@example.fr`;
async function account(): Promise<{ id: string; email: string }> {
  return createUser(ctx.deps, { email: uniqueEmail(), password: PASSWORD, fullName: "Patronne Boutique" });
}

const lambdaEnv = (sourceIp: string) => ({
  event: { requestContext: { http: { sourceIp } } },
  requestContext: { http: { sourceIp } },
  lambdaContext: {},
});
function post(path: string, body: unknown, ip: string) {
  return ctx.app.request(
    path,
    { method: "POST", body: JSON.stringify(body), headers: { "content-type": "application/json" } },
    lambdaEnv(ip),
  );
}
const signin = async (email: string, password: string, ip: string) =>
  (await post("/api/auth/signin", { email, password }, ip)).status;

/** The lock notices mailed to `email` so far, once the background has sent them. */
async function notices(email: string) {
  await ctx.deps.accountMail.flush();
  return readMails(ctx.mailDir).filter((m) => m.to === email && /bloqué/i.test(m.subject));
}
const linkOf = (text: string) => /http:\/\/shop\.test\/reset-password\?token=[^\s]+/.exec(text)?.[0] ?? "";

describe("wrong passwords lock the pair (account, address), not the account", () => {
  it("an attacker's 11 tries lock the attacker's address only: the owner signs in from hers", {
    timeout: SLOW,
  }, async () => {
    at("2030-04-01T09:00:10.000Z");
    const { email } = await account();
    const attacker = "203.0.113.50";
    const tries: number[] = [];
    for (let i = 1; i <= 11; i++) tries.push(await signin(email, `x${i}-mauvais`, attacker));
    expect(tries).toEqual([...Array(10).fill(401), 429]);
    // Before: 429 for the right password from any address for about 15 minutes.
    expect(await signin(email, PASSWORD, "198.51.100.80")).toBe(200);
    // The attacker's address stays locked for this account, right password or not; other accounts are not.
    expect(await signin(email, PASSWORD, attacker)).toBe(429);
    const other = await account();
    expect(await signin(other.email, PASSWORD, attacker)).toBe(200);
  });

  it("mails the holder once per lock, with a reset link that lifts every lock at once", {
    timeout: SLOW,
  }, async () => {
    at("2030-04-01T10:00:10.000Z");
    const { email } = await account();
    const attacker = "203.0.113.51";
    for (let i = 0; i < 10; i++) expect(await signin(email, "mauvais!", attacker)).toBe(401);
    expect(await notices(email)).toHaveLength(0);
    // Twenty refused attempts, some in parallel: one mail.
    for (let i = 0; i < 10; i++) expect(await signin(email, "mauvais!", attacker)).toBe(429);
    const parallel = await Promise.all(Array.from({ length: 10 }, () => signin(email, "mauvais!", attacker)));
    expect(parallel).toEqual(Array(10).fill(429));
    const mails = await notices(email);
    expect(mails).toHaveLength(1);
    const [notice] = mails;
    expect(notice?.subject).toMatch(/Connexion bloquée/);
    expect(notice?.text).toMatch(/mot de passe/);
    const link = linkOf(notice?.text ?? "");
    expect(link).not.toBe("");

    // The reset through the mailed link lifts the lock at once, for the address that caused it too.
    const token = new URL(link).searchParams.get("token");
    const reset = await post(
      "/api/auth/password/reset",
      { token, newPassword: "nouveau-mdp" },
      "198.51.100.81",
    );
    expect(reset.status).toBe(200);
    expect(await signin(email, "nouveau-mdp", attacker)).toBe(200);

    // A new lock after the reset is a new lock: mailed again.
    for (let i = 0; i < 10; i++) expect(await signin(email, "mauvais!", attacker)).toBe(401);
    expect(await signin(email, "mauvais!", attacker)).toBe(429);
    expect(await notices(email)).toHaveLength(2);
  });

  it("mails nobody for an unknown e-mail, and answers it exactly as a known one", async () => {
    at("2030-04-01T11:00:10.000Z");
    const email = uniqueEmail();
    for (let i = 0; i < 10; i++) expect(await signin(email, "mauvais!", "203.0.113.52")).toBe(401);
    const refused = await post("/api/auth/signin", { email, password: "mauvais!" }, "203.0.113.52");
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ code: "RATE_LIMITED" });
    expect(await notices(email)).toHaveLength(0);
  });
});

describe("guesses spread over many addresses stay bounded per account", () => {
  it(`refuses failure number ${rateLimits.signinPerAccount.max + 1} in 15 minutes whatever the address, and mails the holder`, {
    timeout: SLOW,
  }, async () => {
    at("2030-04-02T09:00:10.000Z");
    const { email } = await account();
    const perAddress = rateLimits.signinPerPair.max;
    const addresses = rateLimits.signinPerAccount.max / perAddress;
    for (let a = 0; a < addresses; a++) {
      const answers = await Promise.all(
        Array.from({ length: perAddress }, () => signin(email, "mauvais!", `192.0.2.${a + 1}`)),
      );
      expect(answers).toEqual(Array(perAddress).fill(401));
    }
    expect(await signin(email, "mauvais!", "192.0.2.200")).toBe(429);
    expect(await signin(email, PASSWORD, "192.0.2.201")).toBe(429);
    const [notice] = await notices(email);
    // The holder is not kept out: the mailed link lifts the account-wide lock too.
    const token = new URL(linkOf(notice?.text ?? "")).searchParams.get("token");
    expect(
      (await post("/api/auth/password/reset", { token, newPassword: "nouveau-mdp" }, "192.0.2.202")).status,
    ).toBe(200);
    expect(await signin(email, "nouveau-mdp", "192.0.2.202")).toBe(200);
  });

  it(`and to ${SIGNIN_MAX_FAILURES_PER_ACCOUNT_PER_DAY} in any 24 hours`, { timeout: SLOW }, async () => {
    at("2030-04-03T09:00:10.000Z");
    const { email } = await account();
    // The day's failures so far, counted as sign-ins count them (the 15-minute limits are tested above).
    const day = {
      scope: "signin-account-day",
      subject: `${email}#0`,
      rule: rateLimits.signinPerAccountPerDay,
    };
    for (let i = 0; i < SIGNIN_MAX_FAILURES_PER_ACCOUNT_PER_DAY; i += 25)
      await Promise.all(Array.from({ length: 25 }, () => countAttempt(ctx.deps, [day])));
    at("2030-04-03T20:00:10.000Z");
    expect(await signin(email, PASSWORD, "192.0.2.210")).toBe(429);
    at("2030-04-04T11:00:10.000Z");
    expect(await signin(email, PASSWORD, "192.0.2.210")).toBe(200);
  });
});
