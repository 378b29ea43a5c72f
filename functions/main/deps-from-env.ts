import { type AccountMailDeps, sendPasswordReset, sendSigninLockNotice } from "../accounts/auth";
import { isSuppressed } from "../mail/suppressions";
import { inProcessAccountMail } from "../platform/adapters/account-mail-queue";
import { systemClock } from "../platform/adapters/clock";
import { mailerFromEnv, suppressingMailer } from "../platform/adapters/mail";
import { documentsStorageFromEnv, storageFromEnv } from "../platform/adapters/object-storage";
import { secretBoxFromEnv } from "../platform/adapters/secret-box";
import { sqsAccountMail } from "../platform/adapters/sqs-account-mail";
import { sqsSitePublisher } from "../platform/adapters/sqs-site-publisher";
import { dbConfigFromEnv } from "../platform/db/client";
import { createDb } from "../platform/db/service";
import type { Deps } from "../platform/deps";
import { PUBLIC_READ_CACHE_MS } from "../platform/middleware/public-read";
import { SETTINGS_CACHE_MS } from "../settings/service";
import { handleStockMail } from "../waitlist/stock-mail-handler";

export const SITE_PUBLISH_QUEUE_URL = "SITE_PUBLISH_QUEUE_URL";
export const ACCOUNT_MAIL_QUEUE_URL = "ACCOUNT_MAIL_QUEUE_URL";

let deps: Deps | undefined;

/** Built once per process (a Lambda's cold start). */
export function depsFromEnv(env: NodeJS.ProcessEnv = process.env): Deps {
  if (deps) return deps;
  const queueUrl = env[SITE_PUBLISH_QUEUE_URL]?.trim();
  const accountMailQueueUrl = env[ACCOUNT_MAIL_QUEUE_URL]?.trim();
  const db = createDb(dbConfigFromEnv(env));
  const base: AccountMailDeps = {
    db,
    clock: systemClock,
    // Never to an address SES refused: permanent bounces and complaints raise the bounce rate AWS watches.
    mailer: suppressingMailer(mailerFromEnv(env), (to) => isSuppressed({ db }, to)),
    siteUrl: (env.SITE_URL ?? "").replace(/\/+$/, ""),
  };
  deps = {
    ...base,
    // An order reads no settings while this container's copy is fresh.
    settingsCacheMs: SETTINGS_CACHE_MS,
    // Without the queue (a job, a function not given it) in this process, awaited before the Lambda returns. Stock
    // changes may owe mails anywhere, so those are handled here too; order confirmations are not: their code would
    // go in every function's bundle.
    accountMail: accountMailQueueUrl
      ? sqsAccountMail(accountMailQueueUrl)
      : inProcessAccountMail((request) => {
          if (request.kind === "password-reset") return sendPasswordReset(base, request.email);
          if (request.kind === "signin-locked") return sendSigninLockNotice(base, request.email);
          if (request.kind === "order-confirmation" || request.kind === "guest-data-link")
            return Promise.reject(
              new Error(`no account mail queue here (${ACCOUNT_MAIL_QUEUE_URL} is not set)`),
            );
          return handleStockMail(base, request);
        }),
    ...(queueUrl ? { publisher: sqsSitePublisher(queueUrl) } : {}),
    media: storageFromEnv(env),
    // Named to the shipping function only, which alone may use it.
    documents: documentsStorageFromEnv(env),
    secrets: secretBoxFromEnv(env),
    publicReadCacheMs: PUBLIC_READ_CACHE_MS,
  };
  return deps;
}

/**
 * Lambda freezes the process when the handler's promise settles: a message still in flight would wait for the next
 * invocation, or never leave. Costs nothing when nothing was handed over.
 */
export function settlingBackgroundSends<Args extends unknown[], Result>(
  handler: (...args: Args) => Promise<Result>,
): (...args: Args) => Promise<Result> {
  return async (...args) => {
    try {
      return await handler(...args);
    } finally {
      await Promise.all([deps?.publisher?.flush?.(), deps?.accountMail.flush()]);
    }
  };
}
