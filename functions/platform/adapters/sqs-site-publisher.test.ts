import { SendMessageCommand } from "@aws-sdk/client-sqs";
import { describe, expect, it, vi } from "vitest";
import { sqsSitePublisher } from "./sqs-site-publisher";

const queueUrl = "https://sqs.eu-west-3.amazonaws.com/123456789012/savon-shop-production-SitePublishQueue";
const now = () => new Date("2026-05-04T10:00:00.000Z");

describe("the SQS site publisher", () => {
  it("sends one message per request to the queue, saying what changed and when", async () => {
    const sent: SendMessageCommand[] = [];
    const publisher = sqsSitePublisher(queueUrl, {
      send: async (command) => sent.push(command),
      clock: now,
    });
    publisher.request("Produit « Savon d'Alep » modifié");
    publisher.request("Réglages modifiés : entreprise");
    await publisher.flush?.();
    expect(sent).toHaveLength(2);
    expect(sent[0]).toBeInstanceOf(SendMessageCommand);
    expect(sent[0]?.input.QueueUrl).toBe(queueUrl);
    expect(JSON.parse(sent[0]?.input.MessageBody ?? "")).toEqual({
      reason: "Produit « Savon d'Alep » modifié",
      requested_at: "2026-05-04T10:00:00.000Z",
    });
    expect(JSON.parse(sent[1]?.input.MessageBody ?? "").reason).toBe("Réglages modifiés : entreprise");
  });

  it("returns at once: the request never waits for SQS", async () => {
    let release: () => void = () => undefined;
    const sent: string[] = [];
    const publisher = sqsSitePublisher(queueUrl, {
      send: (command) =>
        new Promise((resolve) => {
          release = () => resolve(sent.push(command.input.MessageBody ?? ""));
        }),
    });
    publisher.request("Produit n° 12 supprimé");
    let flushed = false;
    const flushing = publisher.flush?.().then(() => {
      flushed = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(flushed, "flush waits for the send in flight").toBe(false);
    release();
    await flushing;
    expect(flushed).toBe(true);
    expect(sent).toHaveLength(1);
  });

  it("never throws into the API when SQS fails: it logs the error and flush still resolves", async () => {
    const log = { error: vi.fn() };
    const publisher = sqsSitePublisher(queueUrl, {
      send: async () => {
        throw new Error("AccessDenied: not authorized to perform sqs:SendMessage");
      },
      log,
    });
    expect(() => publisher.request("Produit « Savon » créé")).not.toThrow();
    await expect(publisher.flush?.()).resolves.toBeUndefined();
    expect(log.error).toHaveBeenCalledTimes(1);
    expect(String(log.error.mock.calls[0]?.[0])).toContain("Produit « Savon » créé");
    expect(String(log.error.mock.calls[0]?.[1])).toContain("AccessDenied");
  });

  it("also logs a send that throws before returning a promise", async () => {
    const log = { error: vi.fn() };
    const publisher = sqsSitePublisher(queueUrl, {
      send: () => {
        throw new TypeError("boom");
      },
      log,
    });
    expect(() => publisher.request("x")).not.toThrow();
    await publisher.flush?.();
    expect(log.error).toHaveBeenCalledTimes(1);
  });
});

describe("depsFromEnv on AWS", () => {
  const baseEnv = { TABLE_NAME: "savon-shop-test", AWS_REGION: "eu-west-3", MAIL_DIR: "/tmp/unused-mail" };

  it("publishes through the queue when SITE_PUBLISH_QUEUE_URL is set", async () => {
    vi.resetModules();
    const { depsFromEnv } = await import("../../main/deps-from-env");
    const deps = depsFromEnv({ ...baseEnv, SITE_PUBLISH_QUEUE_URL: queueUrl });
    expect(deps.publisher).toBeDefined();
    expect(typeof deps.publisher?.request).toBe("function");
    expect(typeof deps.publisher?.flush).toBe("function");
    deps.db.dynamo.destroy();
  });

  it("has no publisher without it (scripts, a table without the pipeline)", async () => {
    vi.resetModules();
    const { depsFromEnv } = await import("../../main/deps-from-env");
    const deps = depsFromEnv(baseEnv);
    expect(deps.publisher).toBeUndefined();
    deps.db.dynamo.destroy();
  });

  it("lets a Lambda return only once its publish requests are sent", async () => {
    vi.resetModules();
    const { depsFromEnv, settlingBackgroundSends } = await import("../../main/deps-from-env");
    const deps = depsFromEnv(baseEnv);
    const events: string[] = [];
    deps.publisher = {
      request: () => undefined,
      flush: async () => {
        await new Promise((resolve) => setTimeout(resolve, 10));
        events.push("flushed");
      },
    };
    const handler = settlingBackgroundSends(async (name: string) => {
      events.push(`handled ${name}`);
      return 42;
    });
    await expect(handler("edit")).resolves.toBe(42);
    expect(events).toEqual(["handled edit", "flushed"]);

    const failing = settlingBackgroundSends(async () => {
      throw new Error("route failed");
    });
    await expect(failing()).rejects.toThrow("route failed");
    expect(events.at(-1)).toBe("flushed");
    expect(events).toHaveLength(3);
    deps.db.dynamo.destroy();
  });
});
