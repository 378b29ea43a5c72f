/**
 * Forgot password sends its mail after the answer (issue 14, defect 3). On AWS the accounts function only sends
 * "a reset was asked for <e-mail>" to the account mail queue, whatever the e-mail; the queue's subscriber
 * (functions/main/jobs/account-mail.ts) looks the account up, writes the token and sends the mail. Here: the route with
 * a fake SQS client, then the subscriber on DynamoDB Local with the messages as SQS would hand them over.
 */
import type { SendMessageCommand } from "@aws-sdk/client-sqs";
import { describe, expect, it, vi } from "vitest";
import { FORGOT_PASSWORD_ANSWER } from "../../functions/accounts/routes";
import { createUser } from "../../functions/accounts/service";
import { createFullApp } from "../../functions/main/full-app";
import { ACCOUNT_MAIL_MAX_AGE_MINUTES, sendAccountMails } from "../../functions/main/jobs/account-mail";
import { sqsAccountMail } from "../../functions/platform/adapters/sqs-account-mail";
import type { Deps } from "../../functions/platform/deps";
import { createTestContext } from "../setup/test-db";
import { createCustomer, placeTransferOrder } from "../support/customers";
import { lastResetLink, readMails } from "../support/mail";
import { createSoap } from "../support/products";

const ctx = await createTestContext();
const queueUrl = "https://sqs.eu-west-3.amazonaws.com/123456789012/savon-shop-production-AccountMailQueue";
const quiet = { info: () => undefined, error: () => undefined };

/** The accounts function as on AWS: its account mails go to a fake queue, which keeps the messages. */
function awsLikeApp() {
  const messages: { messageId: string; body: string }[] = [];
  const send = async (command: SendMessageCommand) => {
    expect(command.input.QueueUrl).toBe(queueUrl);
    messages.push({ messageId: `m-${messages.length + 1}`, body: command.input.MessageBody ?? "" });
  };
  const deps: Deps = { ...ctx.deps, accountMail: sqsAccountMail(queueUrl, { send }) };
  const app = createFullApp(() => deps);
  let address = 0;
  const forgot = async (email: string, sourceIp = `192.0.2.${++address}`) => {
    const response = await app.request(
      "/api/auth/password/forgot",
      { method: "POST", body: JSON.stringify({ email }), headers: { "content-type": "application/json" } },
      {
        event: { requestContext: { http: { sourceIp } } },
        requestContext: { http: { sourceIp } },
        lambdaContext: {},
      },
    );
    await deps.accountMail.flush(); // what settlingBackgroundSends does before the Lambda returns
    return response;
  };
  return { messages, forgot };
}

const tag = () => Math.random().toString(36).slice(2, 8);
const mailsTo = (email: string) => readMails(ctx.mailDir).filter((mail) => mail.to === email);
async function account(): Promise<string> {
  const email = `file-${tag()}@example.fr`;
  await createUser(ctx.deps, { email, password: "secret12", fullName: "Client File" });
  return email;
}

describe("the accounts function hands every reset request to the queue", () => {
  it("sends the same message for a known and an unknown e-mail, and no mail before the subscriber runs", async () => {
    const { messages, forgot } = awsLikeApp();
    const known = await account();
    const unknown = `personne-${tag()}@example.fr`;
    for (const email of [known, unknown]) {
      const response = await forgot(email.toUpperCase());
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ success: true, message: FORGOT_PASSWORD_ANSWER });
    }
    expect(messages.map((message) => JSON.parse(message.body))).toEqual([
      { kind: "password-reset", email: known, requested_at: expect.any(String) },
      { kind: "password-reset", email: unknown, requested_at: expect.any(String) },
    ]);
    expect(mailsTo(known)).toHaveLength(0);

    // The subscriber: the known e-mail gets its link, which works; the unknown one gets nothing.
    expect(await sendAccountMails(ctx.deps, messages, quiet)).toEqual({ batchItemFailures: [] });
    expect(mailsTo(unknown)).toHaveLength(0);
    expect(mailsTo(known)).toHaveLength(1);
    const token = new URL(lastResetLink(ctx.mailDir, known) ?? "").searchParams.get("token");
    const reset = await ctx.app.request("/api/auth/password/reset", {
      method: "POST",
      body: JSON.stringify({ token, newPassword: "nouveau-mdp" }),
      headers: { "content-type": "application/json" },
    });
    expect(reset.status).toBe(200);
  });

  it("still refuses the 21st request from one address in 15 minutes, in French, and queues nothing for it", async () => {
    const { messages, forgot } = awsLikeApp();
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++)
      statuses.push((await forgot(`vague-${i}-${tag()}@example.fr`, "192.0.2.250")).status);
    expect(statuses).toEqual(Array(20).fill(200));
    const refused = await forgot(await account(), "192.0.2.250");
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({
      success: false,
      code: "RATE_LIMITED",
      error: "Trop de tentatives. Veuillez réessayer plus tard.",
      retry_after: expect.any(Number),
    });
    expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(messages).toHaveLength(20);
  });
});

describe("the account mail job (the queue's subscriber)", () => {
  const message = (messageId: string, email: string, requestedAt = new Date()) => ({
    messageId,
    body: JSON.stringify({ kind: "password-reset", email, requested_at: requestedAt.toISOString() }),
  });

  it("returns only the messages that failed, which SQS hands over again", async () => {
    const [ok, failing] = [await account(), await account()];
    const deps = {
      ...ctx.deps,
      mailer: {
        send: vi.fn(async (mail: Parameters<Deps["mailer"]["send"]>[0]) => {
          if (mail.to === failing) throw new Error("SES: throttled");
          return ctx.deps.mailer.send(mail);
        }),
      },
    };
    const log = { info: vi.fn(), error: vi.fn() };
    const answer = await sendAccountMails(deps, [message("a", ok), message("b", failing)], log);
    expect(answer).toEqual({ batchItemFailures: [{ itemIdentifier: "b" }] });
    expect(mailsTo(ok)).toHaveLength(1);
    expect(log.error).toHaveBeenCalledTimes(1);

    // Handed over again, it is sent.
    expect(await sendAccountMails(ctx.deps, [message("b", failing)], quiet)).toEqual({
      batchItemFailures: [],
    });
    expect(mailsTo(failing)).toHaveLength(1);
  });

  it("drops, with a log line, a message it cannot read and a request too old to be expected", async () => {
    const email = await account();
    const log = { info: vi.fn(), error: vi.fn() };
    const old = new Date(Date.now() - (ACCOUNT_MAIL_MAX_AGE_MINUTES + 1) * 60_000);
    const answer = await sendAccountMails(
      ctx.deps,
      [{ messageId: "x", body: "pas du JSON" }, { messageId: "y", body: "{}" }, message("z", email, old)],
      log,
    );
    expect(answer).toEqual({ batchItemFailures: [] });
    expect(log.error).toHaveBeenCalledTimes(3);
    expect(mailsTo(email)).toHaveLength(0);
  });

  it("sends at most 3 reset mails per e-mail per hour, however many messages arrive", async () => {
    const email = await account();
    const messages = Array.from({ length: 5 }, (_, i) => message(`r${i}`, email));
    expect(await sendAccountMails(ctx.deps, messages, quiet)).toEqual({ batchItemFailures: [] });
    expect(mailsTo(email)).toHaveLength(3);
  });
});

describe("the orders function hands each bank-transfer order's confirmation to the queue (issue 18)", () => {
  /** The orders function as on AWS: its confirmations go to a fake queue, which keeps the messages. */
  function awsLikeOrders() {
    const messages: { messageId: string; body: string }[] = [];
    const send = async (command: SendMessageCommand) => {
      messages.push({ messageId: `o-${messages.length + 1}`, body: command.input.MessageBody ?? "" });
    };
    const deps: Deps = { ...ctx.deps, accountMail: sqsAccountMail(queueUrl, { send }) };
    return { messages, deps, app: createFullApp(() => deps) };
  }

  it("answers without the mail; the subscriber sends it, however late, and again after a failure", async () => {
    const { messages, deps, app } = awsLikeOrders();
    const soap = await createSoap(ctx.deps);
    const buyer = await createCustomer(ctx.deps, app);
    const order = await placeTransferOrder(buyer, soap.id, 1, 17.8);
    await deps.accountMail.flush(); // what settlingBackgroundSends does before the Lambda returns

    expect(messages.map(({ body }) => JSON.parse(body))).toEqual([
      { kind: "order-confirmation", order_id: order.id, requested_at: expect.any(String) },
    ]);
    const confirmations = () =>
      mailsTo(buyer.email).filter((mail) => mail.subject.includes("Confirmation de votre commande"));
    expect(confirmations()).toHaveLength(0);

    // SES down: the message comes back, nothing is sent.
    const failing = { ...ctx.deps, mailer: { send: () => Promise.reject(new Error("SES indisponible")) } };
    expect(await sendAccountMails(failing, messages, quiet)).toEqual({
      batchItemFailures: [{ itemIdentifier: "o-1" }],
    });
    // A day later (long past a reset's hour): still owed, sent.
    const dayLater = { ...ctx.deps, clock: () => new Date(Date.now() + 86_400_000) };
    expect(await sendAccountMails(dayLater, messages, quiet)).toEqual({ batchItemFailures: [] });
    expect(confirmations()).toHaveLength(1);
    expect(confirmations()[0]?.subject).toContain(order.id.slice(-8));
  });
});
