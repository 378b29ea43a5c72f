import { systemClock } from "../adapters/clock";
import { mailerFromEnv } from "../adapters/mail";
import { sqsSitePublisher } from "../adapters/sqs-site-publisher";
import { dbConfigFromEnv } from "../db/client";
import { createDb } from "../db/service";
import type { Deps } from "../services/deps";

/** The publishing queue's URL (infra/publish-queue.ts); set on AWS, where edits publish through it. */
export const SITE_PUBLISH_QUEUE_URL = "SITE_PUBLISH_QUEUE_URL";

let deps: Deps | undefined;

/** Dependencies from the environment, built once per process (a Lambda's cold start). */
export function depsFromEnv(env: NodeJS.ProcessEnv = process.env): Deps {
  const queueUrl = env[SITE_PUBLISH_QUEUE_URL]?.trim();
  deps ??= {
    db: createDb(dbConfigFromEnv(env)),
    clock: systemClock,
    mailer: mailerFromEnv(env),
    siteUrl: (env.SITE_URL ?? "").replace(/\/+$/, ""),
    ...(queueUrl ? { publisher: sqsSitePublisher(queueUrl) } : {}),
  };
  return deps;
}

/**
 * Wraps a Lambda handler so it returns only once the publish requests of its invocation are sent: Lambda freezes
 * the process when the handler's promise settles, and a message still in flight would wait for the next invocation,
 * or never leave. Costs nothing when nothing was requested.
 */
export function settlingPublishRequests<Args extends unknown[], Result>(
  handler: (...args: Args) => Promise<Result>,
): (...args: Args) => Promise<Result> {
  return async (...args) => {
    try {
      return await handler(...args);
    } finally {
      await deps?.publisher?.flush?.();
    }
  };
}
