import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { handle, type LambdaEvent } from "hono/aws-lambda";
import { describe, expect, it } from "vitest";
import { openSession } from "../../functions/accounts/auth";
import { createUser } from "../../functions/accounts/service";
import { createFullApp } from "../../functions/main/full-app";
import { createTestContext } from "../setup/test-db";
import { readMails } from "../support/mail";

/**
 * Abuse limits (issue 12, defect 10): each attempt is counted (atomic ADD) before it is judged, on a sliding window.
 * The clock is fixed per test (`at`), so windows and their boundaries are chosen, not met by chance.
 */
let fixed: number | null = null;
const at = (iso: string) => {
  fixed = Date.parse(iso);
};
const ctx = await createTestContext({ now: () => new Date(fixed ?? Date.now()) });

const PASSWORD = "secret12";
/** Tests that verify 20 to 40 passwords (scrypt, ~0.2 s of CPU each) on a shared 2-core machine. */
const SLOW = 60_000;
const TOO_MANY = "Trop de tentatives. Veuillez réessayer plus tard.";
const TOO_MANY_PROMO = "Trop de vérifications de codes promo. Réessayez dans quelques minutes.";

let counter = 0;
const uniqueEmail = () => `limite-${++counter}-${Math.random().toString(36).slice(2, 8)}@example.fr`;
async function account(): Promise<{ id: string; email: string }> {
  return createUser(ctx.deps, { email: uniqueEmail(), password: PASSWORD, fullName: "Client Limite" });
}

/** What the API Gateway / function URL adapter gives the app: the event's caller address is the trusted one. */
const lambdaEnv = (sourceIp: string) => ({
  event: { requestContext: { http: { sourceIp } } },
  requestContext: { http: { sourceIp } },
  lambdaContext: {},
});

function post(path: string, body: unknown, ip: string, headers: Record<string, string> = {}) {
  return ctx.app.request(
    path,
    {
      method: "POST",
      body: JSON.stringify(body),
      headers: { "content-type": "application/json", ...headers },
    },
    lambdaEnv(ip),
  );
}
const signin = (email: string, password: string, ip: string) =>
  post("/api/auth/signin", { email, password }, ip);
const validate = (code: string, ip: string, headers: Record<string, string> = {}) =>
  post("/api/promo/validate", { promo_code: code, total_amount: 40 }, ip, headers);

const statuses = (responses: Response[]) => responses.map((r) => r.status);
const count = (list: number[], status: number) => list.filter((s) => s === status).length;

describe("sign-in: at most 10 judged attempts per e-mail and address in any 15 minutes", () => {
  it("judges 10 of 30 parallel wrong sign-ins; the 20 others are refused before any password check", {
    timeout: SLOW,
  }, async () => {
    at("2030-03-04T10:05:30.000Z");
    const { email } = await account();
    const answers = await Promise.all(
      Array.from({ length: 30 }, () => signin(email, "mauvais!", "198.51.100.1")),
    );
    const list = statuses(answers);
    expect(count(list, 401)).toBe(10);
    expect(count(list, 429)).toBe(20);

    const refused = answers.find((r) => r.status === 429);
    expect(await refused?.json()).toMatchObject({ success: false, code: "RATE_LIMITED", error: TOO_MANY });
    expect(Number(refused?.headers.get("retry-after"))).toBeGreaterThan(0);

    // Locked for that address, even with the right password; not for the holder elsewhere (issue 28, item 1:
    // tests/integration/signin-lockout.test.ts covers the pair, the account-wide limits and the lock's mail).
    expect((await signin(email, PASSWORD, "198.51.100.1")).status).toBe(429);
    expect((await signin(email, PASSWORD, "198.51.100.2")).status).toBe(200);
  });

  it("keeps counting across a 15-minute boundary: 10 failures just before it lock the 10 tries just after", async () => {
    at("2030-03-04T10:14:40.000Z");
    const { email } = await account();
    for (let i = 0; i < 10; i++) expect((await signin(email, "mauvais!", "198.51.100.3")).status).toBe(401);

    at("2030-03-04T10:15:20.000Z");
    const after = await Promise.all(
      Array.from({ length: 10 }, () => signin(email, "mauvais!", "198.51.100.3")),
    );
    expect(statuses(after)).toEqual(Array(10).fill(429));
    expect((await signin(email, PASSWORD, "198.51.100.3")).status).toBe(429);

    // Still within 15 minutes of the failures; then they leave the window (within one more minute).
    at("2030-03-04T10:29:35.000Z");
    expect((await signin(email, PASSWORD, "198.51.100.3")).status).toBe(429);
    at("2030-03-04T10:30:45.000Z");
    expect((await signin(email, PASSWORD, "198.51.100.3")).status).toBe(200);
  });

  it("lets no server whose clock lags judge more: failures stamped after the boundary count before it", async () => {
    at("2030-03-04T10:45:00.500Z");
    const { email } = await account();
    for (let i = 0; i < 10; i++) expect((await signin(email, "mauvais!", "198.51.100.6")).status).toBe(401);
    // A second Lambda one second behind, still in the bucket before: it sees the buckets after its own too.
    at("2030-03-04T10:44:59.500Z");
    expect((await signin(email, "mauvais!", "198.51.100.6")).status).toBe(429);
  });

  it("counts failures, not successes: a success neither uses the budget nor erases earlier failures", {
    timeout: SLOW,
  }, async () => {
    at("2030-03-04T12:03:00.000Z");
    const { email } = await account();
    for (let i = 0; i < 12; i++) expect((await signin(email, PASSWORD, "198.51.100.5")).status).toBe(200);
    for (let i = 0; i < 9; i++) expect((await signin(email, "mauvais!", "198.51.100.5")).status).toBe(401);
    expect((await signin(email, PASSWORD, "198.51.100.5")).status).toBe(200);
    expect((await signin(email, "mauvais!", "198.51.100.5")).status).toBe(401);
    expect((await signin(email, "mauvais!", "198.51.100.5")).status).toBe(429);
  });
});

describe("sign-in: at most 30 judged failures per client address in any 15 minutes", () => {
  const lambda = handle(ctx.app);
  /** A Lambda function URL event, as AWS sends it; `forwardedFor` is what the client claims in X-Forwarded-For. */
  function functionUrlEvent(body: unknown, sourceIp: string, forwardedFor: string): LambdaEvent {
    return {
      version: "2.0",
      routeKey: "$default",
      rawPath: "/api/auth/signin",
      rawQueryString: "",
      headers: {
        "content-type": "application/json",
        host: "abc123.lambda-url.eu-west-3.on.aws",
        "x-forwarded-for": forwardedFor,
      },
      requestContext: {
        accountId: "anonymous",
        apiId: "abc123",
        authentication: null,
        authorizer: { iam: undefined },
        domainName: "abc123.lambda-url.eu-west-3.on.aws",
        domainPrefix: "abc123",
        http: {
          method: "POST",
          path: "/api/auth/signin",
          protocol: "HTTP/1.1",
          sourceIp,
          userAgent: "test",
        },
        requestId: `req-${Math.random()}`,
        routeKey: "$default",
        stage: "$default",
        time: "04/Mar/2030:11:00:00 +0000",
        timeEpoch: fixed ?? Date.now(),
      },
      body: JSON.stringify(body),
      isBase64Encoded: false,
    };
  }
  async function lambdaSignin(email: string, password: string, sourceIp: string, forwardedFor: string) {
    const result = await lambda(functionUrlEvent({ email, password }, sourceIp, forwardedFor), {} as never);
    return (result as { statusCode: number }).statusCode;
  }

  it("refuses the 31st e-mail tried from one address, whatever X-Forwarded-For claims", {
    timeout: SLOW,
  }, async () => {
    at("2030-03-04T11:00:10.000Z");
    const attacker = "203.0.113.9";
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => lambdaSignin(uniqueEmail(), "mauvais!", attacker, `10.0.0.${i}`)),
    );
    expect(count(answers, 401)).toBe(30);
    expect(count(answers, 429)).toBe(10);

    const { email } = await account();
    expect(await lambdaSignin(email, PASSWORD, attacker, "192.0.2.77")).toBe(429);
    // Another caller is not locked, even when it claims to forward for the attacker.
    expect(await lambdaSignin(email, PASSWORD, "203.0.113.10", attacker)).toBe(200);
  });

  it("does not count successful sign-ins against an address shared by many customers", {
    timeout: SLOW,
  }, async () => {
    at("2030-03-04T11:20:00.000Z");
    const shared = "203.0.113.20";
    const { email } = await account();
    for (let i = 0; i < 31; i++) expect((await signin(email, PASSWORD, shared)).status).toBe(200);
    expect((await signin(uniqueEmail(), "mauvais!", shared)).status).toBe(401);
  });

  it("uses the socket's address on the local server, not X-Forwarded-For", { timeout: SLOW }, async () => {
    at("2030-03-04T11:40:00.000Z");
    const server = serve({ fetch: createFullApp(() => ctx.deps).fetch, port: 0, hostname: "127.0.0.1" });
    await new Promise((resolve) => server.once("listening", resolve));
    const { port } = server.address() as AddressInfo;
    const httpSignin = (email: string, password: string, forwardedFor: string) =>
      fetch(`http://127.0.0.1:${port}/api/auth/signin`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-forwarded-for": forwardedFor },
        body: JSON.stringify({ email, password }),
      }).then((r) => r.status);
    try {
      const answers = await Promise.all(
        Array.from({ length: 31 }, (_, i) => httpSignin(uniqueEmail(), "mauvais!", `10.1.0.${i}`)),
      );
      expect(count(answers, 401)).toBe(30);
      expect(count(answers, 429)).toBe(1);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe("POST /api/promo/validate: 20 checks per 10 minutes per address and per customer", () => {
  it("answers 429 with a French message and Retry-After from the 21st check of one address", async () => {
    at("2030-03-05T09:00:05.000Z");
    const ip = "198.51.100.50";
    for (let i = 0; i < 20; i++) {
      const answer = await validate(`DEVINE${i}`, ip);
      expect(answer.status).toBe(200);
      expect(await answer.json()).toEqual({ valid: false, error: "Code promo invalide" });
    }
    const refused = await validate("DEVINE20", ip);
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ code: "RATE_LIMITED", error: TOO_MANY_PROMO });
    const retryAfter = Number(refused.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(11 * 60);

    expect((await validate("DEVINE21", "198.51.100.51")).status).toBe(200);
    // Bad input is still a 400 with its French reason, not a 429 nor a 500.
    const empty = await validate("  ", ip);
    expect(empty.status).toBe(400);

    at("2030-03-05T09:09:00.000Z");
    expect((await validate("DEVINE22", ip)).status).toBe(429);
    at("2030-03-05T09:11:00.000Z");
    expect((await validate("DEVINE23", ip)).status).toBe(200);
  });

  it("limits a signed-in customer whatever address they use", async () => {
    at("2030-03-05T10:00:05.000Z");
    const { id } = await account();
    const bearer = { authorization: `Bearer ${await openSession(ctx.deps, id)}` };
    for (let i = 0; i < 20; i++)
      expect((await validate(`CLIENT${i}`, `192.0.2.${i}`, bearer)).status).toBe(200);
    const refused = await validate("CLIENT20", "192.0.2.100", bearer);
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { code: string }).code).toBe("RATE_LIMITED");
    // Anonymous checks from a fresh address are still answered.
    expect((await validate("CLIENT21", "192.0.2.101")).status).toBe(200);
  });

  it("answers 20 of 30 parallel checks from one address", async () => {
    at("2030-03-05T11:00:05.000Z");
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => validate(`PARALLELE${i}`, "198.51.100.60")),
    );
    expect(count(statuses(answers), 200)).toBe(20);
    expect(count(statuses(answers), 429)).toBe(10);
  });
});

describe("password reset mails: at most 3 per e-mail in any hour", () => {
  const forgot = (email: string) => post("/api/auth/password/forgot", { email }, "198.51.100.70");
  /** The mails sent to `email`, once the background has sent what was asked (the clock is moved after). */
  const mailsTo = async (email: string) => {
    await ctx.deps.accountMail.flush();
    return readMails(ctx.mailDir).filter((m) => m.to === email).length;
  };

  it("sends no 4th mail just after an hour boundary, and one again once the hour has passed", async () => {
    at("2030-03-06T10:59:30.000Z");
    const { email } = await account();
    for (let i = 0; i < 3; i++) expect((await forgot(email)).status).toBe(200);
    expect(await mailsTo(email)).toBe(3);

    at("2030-03-06T11:00:30.000Z");
    for (let i = 0; i < 3; i++) expect((await forgot(email)).status).toBe(200);
    expect(await mailsTo(email)).toBe(3);

    at("2030-03-06T12:04:30.000Z");
    expect((await forgot(email)).status).toBe(200);
    expect(await mailsTo(email)).toBe(4);
  });

  it("sends 3 mails for 10 parallel requests", async () => {
    at("2030-03-06T14:00:00.000Z");
    const { email } = await account();
    const answers = await Promise.all(Array.from({ length: 10 }, () => forgot(email)));
    expect(statuses(answers)).toEqual(Array(10).fill(200));
    expect(await mailsTo(email)).toBe(3);
  });
});
