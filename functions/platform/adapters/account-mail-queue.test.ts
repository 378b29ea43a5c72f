import type { SendMessageCommand } from "@aws-sdk/client-sqs";
import { describe, expect, it, vi } from "vitest";
import { type AccountMailRequest, inProcessAccountMail, isAccountMailRequest } from "./account-mail-queue";
import { sqsAccountMail } from "./sqs-account-mail";

const queueUrl = "https://sqs.eu-west-3.amazonaws.com/123456789012/savon-shop-production-AccountMailQueue";
const reset = (email: string): Extract<AccountMailRequest, { kind: "password-reset" }> => ({
  kind: "password-reset",
  email,
  requested_at: "2026-05-04T10:00:00.000Z",
});

/** Whom or what a request is about, for the tests' logs. */
const subject = (request: AccountMailRequest) =>
  "email" in request ? request.email : "order_id" in request ? request.order_id : String(request.product_id);

describe("the in-process account mail runner", () => {
  it("runs each request after the caller's turn, and flush waits for all of them", async () => {
    const events: string[] = [];
    const runner = inProcessAccountMail(async (request) => {
      await new Promise((resolve) => setTimeout(resolve, 10));
      events.push(`sent ${subject(request)}`);
    });
    runner.request(reset("a@example.fr"));
    runner.request(reset("b@example.fr"));
    events.push("answered");
    await runner.flush();
    expect(events).toEqual(["answered", "sent a@example.fr", "sent b@example.fr"]);
  });

  it("waits for requests made while it flushes", async () => {
    const sent: string[] = [];
    const runner = inProcessAccountMail(async (request) => {
      sent.push(subject(request));
      if (subject(request) === "a@example.fr") runner.request(reset("b@example.fr"));
    });
    runner.request(reset("a@example.fr"));
    await runner.flush();
    expect(sent).toEqual(["a@example.fr", "b@example.fr"]);
  });

  it("logs a failure instead of throwing it into the request", async () => {
    const log = { error: vi.fn() };
    const runner = inProcessAccountMail(async () => {
      throw new Error("SES refused");
    }, log);
    expect(() => runner.request(reset("a@example.fr"))).not.toThrow();
    await expect(runner.flush()).resolves.toBeUndefined();
    expect(log.error).toHaveBeenCalledTimes(1);
    expect(String(log.error.mock.calls[0]?.[1])).toContain("SES refused");
  });
});

describe("the SQS account mail sender", () => {
  it("sends one message per request, the request as its body", async () => {
    const sent: SendMessageCommand[] = [];
    const sender = sqsAccountMail(queueUrl, { send: async (command) => sent.push(command) });
    sender.request(reset("a@example.fr"));
    await sender.flush();
    expect(sent).toHaveLength(1);
    expect(sent[0]?.input.QueueUrl).toBe(queueUrl);
    expect(JSON.parse(sent[0]?.input.MessageBody ?? "")).toEqual(reset("a@example.fr"));
    expect(isAccountMailRequest(JSON.parse(sent[0]?.input.MessageBody ?? ""))).toBe(true);
  });

  it("returns at once, flush waits for the send, and a failed send is logged, not thrown", async () => {
    let release: () => void = () => undefined;
    const log = { error: vi.fn() };
    const sender = sqsAccountMail(queueUrl, {
      send: () =>
        new Promise((_, reject) => {
          release = () => reject(new Error("AccessDenied"));
        }),
      log,
    });
    expect(() => sender.request(reset("a@example.fr"))).not.toThrow();
    let flushed = false;
    const flushing = sender.flush().then(() => {
      flushed = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(flushed, "flush waits for the send in flight").toBe(false);
    release();
    await flushing;
    expect(log.error).toHaveBeenCalledTimes(1);
    expect(String(log.error.mock.calls[0]?.[0])).not.toContain("a@example.fr");
  });

  it("reads back only well-formed requests", () => {
    expect(isAccountMailRequest(reset("a@example.fr"))).toBe(true);
    expect(isAccountMailRequest({ ...reset("a@example.fr"), kind: "other" })).toBe(false);
    // A sign-in lock's notice (issue 28, item 1): an e-mail, like a reset.
    expect(isAccountMailRequest({ ...reset("a@example.fr"), kind: "signin-locked" })).toBe(true);
    expect(isAccountMailRequest({ ...reset(""), kind: "signin-locked" })).toBe(false);
    const confirmation = {
      kind: "order-confirmation",
      order_id: "01K",
      requested_at: "2026-11-25T08:00:00.000Z",
    };
    expect(isAccountMailRequest(confirmation)).toBe(true);
    expect(isAccountMailRequest({ ...confirmation, order_id: "" })).toBe(false);
    expect(isAccountMailRequest({ ...confirmation, order_id: 42 })).toBe(false);
    // Stock alerts and the waitlist (decision record 026).
    const at = "2026-05-04T10:00:00.000Z";
    expect(isAccountMailRequest({ kind: "low-stock", product_id: 3, requested_at: at })).toBe(true);
    expect(isAccountMailRequest({ kind: "low-stock", product_id: "3", requested_at: at })).toBe(false);
    expect(
      isAccountMailRequest({
        kind: "waitlist-signup",
        product_id: 3,
        email: "a@example.fr",
        requested_at: at,
      }),
    ).toBe(true);
    expect(isAccountMailRequest({ kind: "waitlist-signup", product_id: 3, requested_at: at })).toBe(false);
    expect(
      isAccountMailRequest({ kind: "waitlist-restock", product_id: 3, units: 2, requested_at: at }),
    ).toBe(true);
    expect(
      isAccountMailRequest({ kind: "waitlist-restock", product_id: 3, units: 0, requested_at: at }),
    ).toBe(false);
    expect(isAccountMailRequest({ ...reset(""), email: "" })).toBe(false);
    expect(isAccountMailRequest({ ...reset("a@example.fr"), requested_at: "hier" })).toBe(false);
    expect(isAccountMailRequest(null)).toBe(false);
  });
});

describe("depsFromEnv and the account mail queue", () => {
  const baseEnv = { TABLE_NAME: "savon-shop-test", AWS_REGION: "eu-west-3", MAIL_DIR: "/tmp/unused-mail" };

  it("sends through SQS when ACCOUNT_MAIL_QUEUE_URL is set, and a Lambda returns only once it is sent", async () => {
    vi.resetModules();
    const { depsFromEnv, settlingBackgroundSends } = await import("../../main/deps-from-env");
    const deps = depsFromEnv({ ...baseEnv, ACCOUNT_MAIL_QUEUE_URL: queueUrl });
    const events: string[] = [];
    deps.accountMail = {
      request: () => undefined,
      flush: async () => {
        await new Promise((resolve) => setTimeout(resolve, 10));
        events.push("sent");
      },
    };
    const handler = settlingBackgroundSends(async () => {
      events.push("answered");
      return 200;
    });
    await expect(handler()).resolves.toBe(200);
    expect(events).toEqual(["answered", "sent"]);
    deps.db.dynamo.destroy();
  });

  it("picks the SQS sender only with the variable", async () => {
    const sent: string[] = [];
    vi.resetModules();
    vi.doMock("./sqs-account-mail", () => ({
      sqsAccountMail: (url: string) => ({ request: () => sent.push(url), flush: async () => undefined }),
    }));
    try {
      const withQueue = (await import("../../main/deps-from-env")).depsFromEnv({
        ...baseEnv,
        ACCOUNT_MAIL_QUEUE_URL: queueUrl,
      });
      withQueue.accountMail.request(reset("a@example.fr"));
      expect(sent).toEqual([queueUrl]);
      withQueue.db.dynamo.destroy();

      vi.resetModules();
      const without = (await import("../../main/deps-from-env")).depsFromEnv(baseEnv);
      expect(without.accountMail).toBeDefined();
      expect(sent).toHaveLength(1);
      without.db.dynamo.destroy();
    } finally {
      vi.doUnmock("./sqs-account-mail");
    }
  });

  it("without the queue, an order confirmation is logged as not sent, never dropped in silence", async () => {
    vi.resetModules();
    const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
    try {
      const deps = (await import("../../main/deps-from-env")).depsFromEnv(baseEnv);
      deps.accountMail.request({
        kind: "order-confirmation",
        order_id: "01K",
        requested_at: "2026-11-25T08:00:00Z",
      });
      await deps.accountMail.flush();
      expect(errors).toHaveBeenCalledWith(
        "Account mail not sent (order-confirmation):",
        expect.objectContaining({ message: expect.stringContaining("ACCOUNT_MAIL_QUEUE_URL") }),
      );
      deps.db.dynamo.destroy();
    } finally {
      errors.mockRestore();
    }
  });
});
